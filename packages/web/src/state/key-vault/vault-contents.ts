import type { CustomSecrets } from '@parley/core/models';
import { type KeyProvider, type SealedValue, type StoredKeyVault } from './key-vault-schema';
import { openSealedText, sealText, type VaultCrypto } from './vault-crypto';

/**
 * What the vault holds, in memory: provider keys and custom-model secrets. Both are sealed and opened
 * the same way; these helpers turn the one form into the other for the whole vault at once.
 */
export type ProviderKeys = Partial<Record<KeyProvider, string>>;

export type VaultContents = { keys: ProviderKeys; secrets: CustomSecrets };

export const emptyContents = (): VaultContents => ({ keys: {}, secrets: {} });

function withoutEmpty<T extends Readonly<Record<string, string | undefined>>>(values: T): T {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined),
  ) as T;
}

export const withoutEmptyKeys = (keys: ProviderKeys): ProviderKeys => withoutEmpty(keys);
export const withoutEmptySecrets = (secrets: CustomSecrets): CustomSecrets => withoutEmpty(secrets);

/** The stored plaintext: all of the vault without a password, leftovers of an import with one. */
export function plainContents(stored: StoredKeyVault): VaultContents {
  return { keys: withoutEmptyKeys(stored.plainKeys), secrets: withoutEmptySecrets(stored.plainSecrets) };
}

async function sealEach(
  crypto: VaultCrypto,
  key: CryptoKey,
  values: Readonly<Record<string, string | undefined>>,
): Promise<Record<string, SealedValue>> {
  const sealed: Record<string, SealedValue> = {};
  for (const [id, value] of Object.entries(values)) {
    if (value) sealed[id] = await sealText(crypto, key, value);
  }
  return sealed;
}

async function openEach(
  crypto: VaultCrypto,
  key: CryptoKey,
  sealed: Readonly<Record<string, SealedValue | undefined>>,
): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [id, value] of Object.entries(sealed)) {
    if (value) values[id] = await openSealedText(crypto.subtle, key, value);
  }
  return values;
}

export async function sealKeys(
  crypto: VaultCrypto,
  key: CryptoKey,
  keys: ProviderKeys,
): Promise<StoredKeyVault['sealedKeys']> {
  return (await sealEach(crypto, key, keys)) as StoredKeyVault['sealedKeys'];
}

export const sealSecrets = (crypto: VaultCrypto, key: CryptoKey, secrets: CustomSecrets) =>
  sealEach(crypto, key, secrets);

/** Everything sealed under `key`, replacing the stored keys and secrets (plaintext ones emptied). */
export async function sealContents(
  crypto: VaultCrypto,
  key: CryptoKey,
  contents: VaultContents,
): Promise<Pick<StoredKeyVault, 'sealedKeys' | 'sealedSecrets' | 'plainKeys' | 'plainSecrets'>> {
  return {
    sealedKeys: await sealKeys(crypto, key, contents.keys),
    sealedSecrets: await sealSecrets(crypto, key, contents.secrets),
    plainKeys: {},
    plainSecrets: {},
  };
}

/** The stored vault opened with `key`: sealed values, then plaintext ones over them. */
export async function openContents(
  crypto: VaultCrypto,
  key: CryptoKey,
  stored: StoredKeyVault,
): Promise<VaultContents> {
  const keys = (await openEach(crypto, key, stored.sealedKeys)) as ProviderKeys;
  const secrets = await openEach(crypto, key, stored.sealedSecrets);
  // A plaintext value next to a sealed one was written later (an import): it is the one in use.
  const plain = plainContents(stored);
  return {
    keys: withoutEmptyKeys({ ...keys, ...plain.keys }),
    secrets: withoutEmptySecrets({ ...secrets, ...plain.secrets }),
  };
}

/** Same values (by id), whatever their order: a write that changes nothing is skipped. */
export function sameSecrets(a: CustomSecrets, b: CustomSecrets): boolean {
  const aIds = Object.keys(a);
  return aIds.length === Object.keys(b).length && aIds.every((id) => b[id] === a[id]);
}
