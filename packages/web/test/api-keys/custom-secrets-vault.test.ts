import { customSecretId } from '@parley/core/models';
import { describe, expect, it } from 'vitest';
import { countUnencryptedKeys, parseStoredVault } from '../../src/state/key-vault/key-vault-schema';
import type { VaultStorage } from '../../src/adapters/storage';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto, IncorrectPasswordError } from '../../src/state/key-vault/vault-crypto';

const crypto = browserVaultCrypto(globalThis.crypto);
const AUTH = customSecretId('custom-llama', 'header', 'Authorization');
const TOKEN = customSecretId('custom-llama', 'body', 'token');
const AUTH_VALUE = 'Bearer sk-PLAINTEXT-custom-header-5e1f';
const TOKEN_VALUE = 'PLAINTEXT-custom-body-token-9c2d';
const OPENAI_KEY = 'sk-proj-PLAINTEXT-openai-0123456789';

function memoryStorage(initial: string | null = null) {
  const storage = {
    value: initial,
    writes: 0,
    read: () => storage.value,
    write: (serialised: string | null) => {
      storage.value = serialised;
      storage.writes += 1;
    },
  };
  return storage;
}

const reopen = (storage: VaultStorage) => createKeyVaultStore(storage, crypto);
const put = (secrets: Record<string, string>) => (current: Record<string, string>) => ({
  ...current,
  ...secrets,
});

describe('custom secrets in a vault without a password', { timeout: 60_000 }, () => {
  it('a vault written before custom secrets existed parses unchanged', () => {
    const old = JSON.stringify({ version: 1, endpoints: {}, plainKeys: { openai: OPENAI_KEY } });
    const vault = reopen(memoryStorage(old)).getState();
    expect(vault.keys).toEqual({ openai: OPENAI_KEY });
    expect(vault.secrets).toEqual({});
    expect(vault.stored).toMatchObject({ plainSecrets: {}, sealedSecrets: {} });
  });

  it('keeps secrets across a reopen; an empty value deletes one', async () => {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().updateCustomSecrets(put({ [AUTH]: AUTH_VALUE, [TOKEN]: TOKEN_VALUE }));
    expect(reopen(storage).getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: TOKEN_VALUE });

    await vault.getState().updateCustomSecrets(put({ [TOKEN]: '' }));
    expect(reopen(storage).getState().secrets).toEqual({ [AUTH]: AUTH_VALUE });
    expect(parseStoredVault(storage.value).plainSecrets).toEqual({ [AUTH]: AUTH_VALUE });
  });

  it('writes nothing when a change changes nothing (a migration run twice)', async () => {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().updateCustomSecrets(put({ [AUTH]: AUTH_VALUE }));
    const writes = storage.writes;
    await vault.getState().updateCustomSecrets(put({ [AUTH]: AUTH_VALUE }));
    expect(storage.writes).toBe(writes);
  });

  it('builds on what another tab wrote instead of overwriting it', async () => {
    const storage = memoryStorage();
    const tabA = reopen(storage);
    const tabB = reopen(storage);
    await tabA.getState().setKey('openai', OPENAI_KEY);
    await tabA.getState().updateCustomSecrets(put({ [AUTH]: AUTH_VALUE }));
    // Tab B has not seen tab A's storage event yet.
    await tabB.getState().updateCustomSecrets(put({ [TOKEN]: TOKEN_VALUE }));
    const again = reopen(storage).getState();
    expect(again.keys).toEqual({ openai: OPENAI_KEY });
    expect(again.secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: TOKEN_VALUE });
  });
});

describe('custom secrets in a vault with a password', { timeout: 60_000 }, () => {
  async function lockedVault() {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().updateCustomSecrets(put({ [AUTH]: AUTH_VALUE }));
    await vault.getState().setPassword('hunter22');
    await vault.getState().updateCustomSecrets(put({ [TOKEN]: TOKEN_VALUE }));
    return storage;
  }

  it('seals them like keys: no plaintext in storage, only ciphertext under their ids', async () => {
    const storage = await lockedVault();
    expect(storage.value).not.toContain(AUTH_VALUE);
    expect(storage.value).not.toContain(TOKEN_VALUE);
    expect(storage.value).not.toContain('PLAINTEXT');
    const stored = parseStoredVault(storage.value);
    expect(stored.plainSecrets).toEqual({});
    expect(Object.keys(stored.sealedSecrets).sort()).toEqual([TOKEN, AUTH].sort());
  });

  it('are not in memory while locked and come back on unlock', async () => {
    const vault = reopen(await lockedVault());
    expect(vault.getState().status).toBe('locked');
    expect(vault.getState().secrets).toEqual({});
    await expect(vault.getState().updateCustomSecrets(put({ [AUTH]: 'x' }))).rejects.toThrow('locked');
    await vault.getState().unlock('hunter22');
    expect(vault.getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: TOKEN_VALUE });
  });

  it('a new password reseals them; removing it leaves them as plaintext', async () => {
    const storage = await lockedVault();
    const vault = reopen(storage);
    await vault.getState().unlock('hunter22');
    await vault.getState().changePassword('hunter22', 'new-pass');
    expect(storage.value).not.toContain(AUTH_VALUE);
    const next = reopen(storage);
    await expect(next.getState().unlock('hunter22')).rejects.toBeInstanceOf(IncorrectPasswordError);
    await next.getState().unlock('new-pass');
    expect(next.getState().secrets[AUTH]).toBe(AUTH_VALUE);

    await next.getState().removePassword('new-pass');
    expect(reopen(storage).getState().secrets).toEqual({ [AUTH]: AUTH_VALUE, [TOKEN]: TOKEN_VALUE });
    expect(parseStoredVault(storage.value).sealedSecrets).toEqual({});
  });

  it('"Forget keys and reset" deletes them with the keys', async () => {
    const storage = await lockedVault();
    reopen(storage).getState().forgetKeys();
    const again = reopen(storage).getState();
    expect(again.secrets).toEqual({});
    expect(again.stored).toMatchObject({ plainSecrets: {}, sealedSecrets: {} });
  });

  it('plaintext secrets beside a password count as unencrypted keys and are sealed on re-entry', async () => {
    const storage = await lockedVault();
    // An import (or an older version) left a plaintext secret beside the sealed ones.
    const stored = parseStoredVault(storage.value);
    const leftover = customSecretId('custom-other', 'header', 'x-api-key');
    storage.value = JSON.stringify({
      ...stored,
      plainSecrets: { [leftover]: 'PLAINTEXT-leftover', [TOKEN]: '' },
    });
    expect(countUnencryptedKeys(parseStoredVault(storage.value))).toBe(1);

    const vault = reopen(storage);
    await vault.getState().unlock('hunter22');
    await vault.getState().encryptUnencryptedKeys('hunter22');
    expect(countUnencryptedKeys(parseStoredVault(storage.value))).toBe(0);
    expect(storage.value).not.toContain('PLAINTEXT');

    const again = reopen(storage);
    await again.getState().unlock('hunter22');
    expect(again.getState().secrets).toEqual({
      [AUTH]: AUTH_VALUE,
      [TOKEN]: TOKEN_VALUE,
      [leftover]: 'PLAINTEXT-leftover',
    });
  });
});
