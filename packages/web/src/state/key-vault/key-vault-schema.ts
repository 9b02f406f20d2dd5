import { keyedProviderIds, providerEndpoints, type KeyedProviderId } from '@parley/core/models';
import { z } from 'zod/mini';

/**
 * The stored form of the API key vault: one localStorage entry (`TM_keyVault`, written by
 * adapters/storage/vault-storage.ts), never synced, never sent to our server. localStorage rather
 * than IndexedDB because the app must know synchronously, before its first paint, whether to show
 * the unlock screen. Endpoints are not secret and stay readable; keys are either plaintext (no
 * password) or sealed with the password (see vault-crypto).
 */
export const KEY_VAULT_VERSION = 1;

/** The providers with a key of their own, from the provider registry (decision 0094). */
export const keyProviders = keyedProviderIds;
export type KeyProvider = KeyedProviderId;

export const DEFAULT_PROVIDER_ENDPOINTS: Readonly<Record<KeyProvider, string>> = providerEndpoints;

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]*={0,2}$/));

/** Ciphertext of one value with the IV it was sealed under (AES-GCM, tag appended by WebCrypto). */
export const SealedValueSchema = z.object({ iv: base64, data: base64 });
export type SealedValue = z.infer<typeof SealedValueSchema>;

/** How the password became the AES key, plus a sealed constant that tells a wrong password apart. */
export const PasswordLockSchema = z.object({
  kdf: z.literal('PBKDF2-SHA-256'),
  iterations: z.number().check(z.int(), z.positive()),
  salt: base64,
  verifier: SealedValueSchema,
});
export type PasswordLock = z.infer<typeof PasswordLockSchema>;

const perProvider = <T extends z.core.$ZodType>(value: T) => z.partialRecord(z.enum(keyProviders), value);

export const StoredKeyVaultSchema = z.object({
  version: z._default(z.literal(KEY_VAULT_VERSION), KEY_VAULT_VERSION),
  /** Only overrides; a provider without one uses its default endpoint. */
  endpoints: z._default(perProvider(z.string()), () => ({})),
  /** Keys kept as plaintext: all keys without a password; with one, only keys an older version or an import left. */
  plainKeys: z._default(perProvider(z.string()), () => ({})),
  lock: z._default(z.nullable(PasswordLockSchema), null),
  sealedKeys: z._default(perProvider(SealedValueSchema), () => ({})),
  /**
   * Secret header and body values of custom models, by custom-secret id (`customSecretId` in core),
   * kept like the keys: plaintext without a password, sealed with one. Added later with defaults, so
   * a vault written before them parses unchanged.
   */
  plainSecrets: z._default(z.record(z.string(), z.string()), () => ({})),
  sealedSecrets: z._default(z.record(z.string(), SealedValueSchema), () => ({})),
});
export type StoredKeyVault = z.infer<typeof StoredKeyVaultSchema>;

export const emptyStoredVault = (): StoredKeyVault => StoredKeyVaultSchema.parse({});

/** Reads the stored vault; anything unreadable counts as no vault (the user re-enters keys). */
export function parseStoredVault(raw: string | null): StoredKeyVault {
  if (raw === null) return emptyStoredVault();
  try {
    const result = StoredKeyVaultSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : emptyStoredVault();
  } catch {
    return emptyStoredVault();
  }
}

/** Plaintext keys and custom-model secrets stored next to a password: the spec's "N unencrypted API keys" warning. */
export function countUnencryptedKeys(vault: StoredKeyVault): number {
  if (!vault.lock) return 0;
  const keys = keyProviders.filter((provider) => (vault.plainKeys[provider] ?? '') !== '').length;
  return keys + Object.values(vault.plainSecrets).filter((value) => value !== '').length;
}
