import type { CustomSecrets } from '@parley/core/models';
import { z } from 'zod';
import { keyProviders, PasswordLockSchema, SealedValueSchema, type KeyProvider } from './key-vault-schema';
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

const perProvider = <T extends z.ZodType>(value: T) => z.partialRecord(z.enum(keyProviders), value);

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
