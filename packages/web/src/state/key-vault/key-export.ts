import type { CustomSecrets } from '@parley/core/models';
import { z } from 'zod';
import {
  DEFAULT_PROVIDER_ENDPOINTS,
  keyProviders,
  PasswordLockSchema,
  SealedValueSchema,
  type KeyProvider,
} from './key-vault-schema';
import { openContents, sealContents, type ProviderKeys } from './vault-contents';
import { createPasswordLock, openPasswordLock, type VaultCrypto } from './vault-crypto';

/**
 * API keys in an export zip (issue 19, decision 0057): only when the user asks, and then only sealed
 * with a password of their choosing, in exactly the vault's own format: the same PBKDF2-SHA-256 lock
 * (iterations and salt written in the file, a sealed verifier to tell a wrong password apart) and
 * the same AES-GCM sealed values. Endpoints are not secret and travel as they are, so keys for a
 * proxy or a local server work again after the import.
 */
export const KEY_EXPORT_FILE = 'parley-api-keys.json';
export const KEY_EXPORT_FORMAT = 'parley-api-keys';
export const KEY_EXPORT_VERSION = 1;

const perProvider = <T extends z.core.$ZodType>(value: T) => z.partialRecord(z.enum(keyProviders), value);

export const KeyExportFileSchema = z.object({
  format: z.literal(KEY_EXPORT_FORMAT),
  version: z.literal(KEY_EXPORT_VERSION),
  /** The cipher of every sealed value (the lock names the key derivation). */
  cipher: z.literal('AES-GCM-256'),
  exportedAt: z.string(),
  lock: PasswordLockSchema,
  sealedKeys: perProvider(SealedValueSchema).default(() => ({})),
  sealedSecrets: z.record(z.string(), SealedValueSchema).default(() => ({})),
  endpoints: perProvider(z.string()).default(() => ({})),
});
export type KeyExportFile = z.infer<typeof KeyExportFileSchema>;

export type ExportedKeys = {
  keys: ProviderKeys;
  secrets: CustomSecrets;
  endpoints: Partial<Record<KeyProvider, string>>;
};

/** Seals the keys and custom-model secrets under a fresh lock for `password`. */
export async function sealKeysForExport(
  crypto: VaultCrypto,
  keys: ExportedKeys,
  password: string,
  exportedAt: string,
): Promise<KeyExportFile> {
  const { lock, key } = await createPasswordLock(crypto, password);
  const sealed = await sealContents(crypto, key, { keys: keys.keys, secrets: keys.secrets });
  return {
    format: KEY_EXPORT_FORMAT,
    version: KEY_EXPORT_VERSION,
    cipher: 'AES-GCM-256',
    exportedAt,
    lock,
    sealedKeys: sealed.sealedKeys,
    sealedSecrets: sealed.sealedSecrets,
    endpoints: { ...keys.endpoints },
  };
}

/** The file's contents, or null when it is not a key export this version can read. */
export function parseKeyExport(json: unknown): KeyExportFile | null {
  const result = KeyExportFileSchema.safeParse(json);
  return result.success ? result.data : null;
}

/**
 * Opens a key export with `password`. Rejects with IncorrectPasswordError when the verifier does not
 * open (nothing is returned, so nothing can be half restored).
 */
export async function openKeyExport(
  crypto: VaultCrypto,
  file: KeyExportFile,
  password: string,
): Promise<ExportedKeys> {
  const key = await openPasswordLock(crypto.subtle, file.lock, password);
  const opened = await openContents(crypto, key, {
    version: 1,
    endpoints: {},
    plainKeys: {},
    plainSecrets: {},
    lock: file.lock,
    sealedKeys: file.sealedKeys,
    sealedSecrets: file.sealedSecrets,
  });
  return { ...opened, endpoints: { ...file.endpoints } };
}

/** An endpoint an import would change: requests with `provider`'s key would go to `to` instead of `from`. */
export type EndpointChange = { provider: KeyProvider; from: string; to: string };

/**
 * What restoring an opened key file does here (decision 0070). An endpoint is restored only together
 * with its provider's key from the same file, so a file can never send the user's own key elsewhere;
 * and every endpoint it would change is shown for the user to confirm. Endpoints that are not http(s)
 * URLs, or that come without their key, are left out and counted.
 */
export type KeyRestorePlan = {
  keys: KeyProvider[];
  endpointChanges: EndpointChange[];
  /** Endpoints in the file that are not restored (no key of theirs in the file, or not an http(s) URL). */
  endpointsLeftOut: KeyProvider[];
};

export function planKeyRestore(
  opened: ExportedKeys,
  currentEndpoints: Partial<Record<KeyProvider, string>>,
): KeyRestorePlan {
  const plan: KeyRestorePlan = { keys: [], endpointChanges: [], endpointsLeftOut: [] };
  for (const provider of keyProviders) {
    const hasKey = !!opened.keys[provider];
    if (hasKey) plan.keys.push(provider);
    const to = opened.endpoints[provider]?.trim();
    if (!to) continue;
    if (!hasKey || !isHttpEndpoint(to)) {
      plan.endpointsLeftOut.push(provider);
      continue;
    }
    const from = currentEndpoints[provider] ?? DEFAULT_PROVIDER_ENDPOINTS[provider];
    if (to !== from) plan.endpointChanges.push({ provider, from, to });
  }
  return plan;
}

function isHttpEndpoint(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}
