import { CustomModelSchema, customSecretId } from '@parley/core/models';
import { FakeClock } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { describe, expect, it } from 'vitest';
import { parseStoredVault } from '../../src/state/key-vault/key-vault-schema';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import type { CustomModel } from '../../src/features/custom-models/custom-model-draft';
import {
  customModelsIn,
  moveCustomModelSecretsToVault,
  type CustomModelsAccess,
} from '../../src/features/custom-models/custom-secret-migration';

const AUTH_VALUE = 'Bearer sk-PLAINTEXT-synced-header-31a9';
const BODY_TOKEN = 'PLAINTEXT-synced-body-token-77c0';
const AUTH = customSecretId('custom-llama', 'header', 'Authorization');
const TOKEN = customSecretId('custom-llama', 'body', 'token');

/** A custom model as an earlier version saved it: its secrets in the synced settings. */
const oldModel = (): CustomModel =>
  CustomModelSchema.parse({
    id: 'custom-llama',
    modelID: 'llama3.1:8b',
    endpoint: 'http://127.0.0.1:11434/v1/chat/completions',
    headerRows: [
      { key: 'Authorization', value: AUTH_VALUE },
      { key: 'X-Title', value: 'Parley' },
    ],
    bodyRows: [{ key: 'token', value: BODY_TOKEN }],
  });

function vaultStorage() {
  const storage = {
    value: null as string | null,
    read: () => storage.value,
    write: (text: string | null) => void (storage.value = text),
  };
  return storage;
}

async function setup(models: CustomModel[] = [oldModel()]) {
  const store = createMemoryStore({ clock: new FakeClock() });
  const access = customModelsIn(store);
  await access.write(models);
  const storage = vaultStorage();
  const vault = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
  return { store, access, storage, vault };
}

describe('moving secrets out of the synced custom models', { timeout: 60_000 }, () => {
  it('puts the values in the vault and empties them in the settings, other rows untouched', async () => {
    const { access, vault, store } = await setup();
    expect(await moveCustomModelSecretsToVault(access, vault)).toBe(2);

    expect(vault.getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: BODY_TOKEN });
    const [model] = await access.read();
    expect(model?.headerRows).toEqual([
      { key: 'Authorization', value: '' },
      { key: 'X-Title', value: 'Parley' },
    ]);
    expect(model?.bodyRows).toEqual([{ key: 'token', value: '' }]);
    // What the next sync would upload: the settings entries no longer carry the secrets.
    const entries = JSON.stringify(await store.settings.entries());
    expect(entries).not.toContain(AUTH_VALUE);
    expect(entries).not.toContain(BODY_TOKEN);
  });

  it('with a password, the moved values are sealed', async () => {
    const { access, vault, storage } = await setup();
    await vault.getState().setPassword('hunter22');
    await moveCustomModelSecretsToVault(access, vault);
    expect(storage.value).not.toContain('PLAINTEXT');
    expect(Object.keys(parseStoredVault(storage.value).sealedSecrets)).toHaveLength(2);
  });

  it('waits while the vault is locked, and runs after unlock', async () => {
    const { access, storage } = await setup();
    const first = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
    await first.getState().setPassword('hunter22');
    const locked = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
    expect(await moveCustomModelSecretsToVault(access, locked)).toBe(0);
    expect((await access.read())[0]?.headerRows?.[0]?.value).toBe(AUTH_VALUE);

    await locked.getState().unlock('hunter22');
    expect(await moveCustomModelSecretsToVault(access, locked)).toBe(2);
    expect(locked.getState().secrets[AUTH]).toBe(AUTH_VALUE);
  });

  it('is idempotent: a second run finds nothing and writes nothing', async () => {
    const { access, vault, store } = await setup();
    await moveCustomModelSecretsToVault(access, vault);
    const before = await store.settings.entries();
    expect(await moveCustomModelSecretsToVault(access, vault)).toBe(0);
    expect(await store.settings.entries()).toEqual(before);
    expect(vault.getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: BODY_TOKEN });
  });

  it('two tabs running at once both end with the values in the vault and none in the settings', async () => {
    const { access, storage } = await setup();
    const tabA = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
    const tabB = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
    await Promise.all([
      moveCustomModelSecretsToVault(access, tabA),
      moveCustomModelSecretsToVault(access, tabB),
    ]);
    const reopened = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
    expect(reopened.getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: BODY_TOKEN });
    expect(JSON.stringify(await access.read())).not.toContain('PLAINTEXT');
  });

  it('never empties a value typed after it read the settings (the next run moves it)', async () => {
    const { store, vault } = await setup();
    const real = customModelsIn(store);
    let reads = 0;
    // Between the first read and the second, the user saves a new token on another device.
    const racing: CustomModelsAccess = {
      read: async () => {
        reads += 1;
        if (reads === 2) {
          const [model] = await real.read();
          await real.write([{ ...model!, bodyRows: [{ key: 'token', value: 'PLAINTEXT-newer' }] }]);
        }
        return real.read();
      },
      write: real.write,
    };
    expect(await moveCustomModelSecretsToVault(racing, vault)).toBe(1);
    expect((await real.read())[0]?.bodyRows).toEqual([{ key: 'token', value: 'PLAINTEXT-newer' }]);

    expect(await moveCustomModelSecretsToVault(real, vault)).toBe(1);
    expect(vault.getState().secrets[TOKEN]).toBe('PLAINTEXT-newer');
    expect(JSON.stringify(await real.read())).not.toContain('PLAINTEXT');
  });
});
