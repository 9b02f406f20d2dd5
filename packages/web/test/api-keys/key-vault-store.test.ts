import { describe, expect, it } from 'vitest';
import {
  countUnencryptedKeys,
  parseStoredVault,
  type StoredKeyVault,
} from '../../src/state/key-vault/key-vault-schema';
import type { VaultStorage } from '../../src/adapters/storage';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { browserVaultCrypto, IncorrectPasswordError } from '../../src/state/key-vault/vault-crypto';

const crypto = browserVaultCrypto(globalThis.crypto);
const OPENAI_KEY = 'sk-proj-PLAINTEXT-openai-0123456789';
const GEMINI_KEY = 'AIza-PLAINTEXT-gemini-0123456789';

function memoryStorage(initial: string | null = null): VaultStorage & { value: string | null } {
  const storage = {
    value: initial,
    read: () => storage.value,
    write: (serialised: string | null) => {
      storage.value = serialised;
    },
  };
  return storage;
}

/** Opening the app again: a new store over the same stored text. */
const reopen = (storage: VaultStorage) => createKeyVaultStore(storage, crypto);

describe('key vault without a password', { timeout: 60_000 }, () => {
  it('keeps keys and endpoints across an app reopen', async () => {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().setKey('openai', `  ${OPENAI_KEY} `);
    vault.getState().setEndpoint('openai', 'http://127.0.0.1:9999/v1');

    const again = reopen(storage).getState();
    expect(again.status).toBe('open');
    expect(again.keys.openai).toBe(OPENAI_KEY);
    expect(again.stored.endpoints.openai).toBe('http://127.0.0.1:9999/v1');
  });

  it('removes a key set to empty and an endpoint reset to default', async () => {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().setKey('openai', OPENAI_KEY);
    vault.getState().setEndpoint('openai', 'http://x.test/v1');
    await vault.getState().setKey('openai', '');
    vault.getState().setEndpoint('openai', null);
    const stored = parseStoredVault(storage.value);
    expect(stored.plainKeys).toEqual({});
    expect(stored.endpoints).toEqual({});
    expect(vault.getState().keys).toEqual({});
  });
});

describe('key vault with a password', { timeout: 60_000 }, () => {
  async function lockedVault() {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().setKey('openai', OPENAI_KEY);
    await vault.getState().setPassword('hunter22');
    await vault.getState().setKey('gemini', GEMINI_KEY);
    return storage;
  }

  it('leaves no plaintext key in storage, only ciphertext', async () => {
    const storage = await lockedVault();
    expect(storage.value).not.toContain(OPENAI_KEY);
    expect(storage.value).not.toContain(GEMINI_KEY);
    const stored = parseStoredVault(storage.value);
    expect(stored.plainKeys).toEqual({});
    expect(Object.keys(stored.sealedKeys).sort()).toEqual(['gemini', 'openai']);
    expect(stored.lock?.iterations).toBeGreaterThanOrEqual(600_000);
  });

  it('starts locked on reopen, refuses a wrong password and opens with the right one', async () => {
    const storage = await lockedVault();
    const vault = reopen(storage);
    expect(vault.getState().status).toBe('locked');
    expect(vault.getState().keys).toEqual({});

    await expect(vault.getState().unlock('wrong')).rejects.toBeInstanceOf(IncorrectPasswordError);
    expect(vault.getState().status).toBe('locked');

    await vault.getState().unlock('hunter22');
    expect(vault.getState().status).toBe('open');
    expect(vault.getState().keys).toEqual({ openai: OPENAI_KEY, gemini: GEMINI_KEY });
  });

  it('changes the password: the old one stops working, the new one opens the same keys', async () => {
    const storage = await lockedVault();
    const vault = reopen(storage);
    await vault.getState().unlock('hunter22');
    await expect(vault.getState().changePassword('nope', 'new-pass')).rejects.toThrow('Incorrect password');
    await vault.getState().changePassword('hunter22', 'new-pass');
    expect(storage.value).not.toContain(OPENAI_KEY);

    const next = reopen(storage);
    await expect(next.getState().unlock('hunter22')).rejects.toBeInstanceOf(IncorrectPasswordError);
    await next.getState().unlock('new-pass');
    expect(next.getState().keys.openai).toBe(OPENAI_KEY);
  });

  it('removes the password after checking it, keeping the keys as plaintext', async () => {
    const storage = await lockedVault();
    const vault = reopen(storage);
    await vault.getState().unlock('hunter22');
    await expect(vault.getState().removePassword('nope')).rejects.toBeInstanceOf(IncorrectPasswordError);
    await vault.getState().removePassword('hunter22');
    const again = reopen(storage).getState();
    expect(again.status).toBe('open');
    expect(again.stored.lock).toBeNull();
    expect(again.keys).toEqual({ openai: OPENAI_KEY, gemini: GEMINI_KEY });
  });

  it('forgets every key and the password but keeps endpoints', async () => {
    const storage = await lockedVault();
    const vault = reopen(storage);
    vault.getState().setEndpoint('anthropic', 'https://proxy.test/v1');
    vault.getState().forgetKeys();
    const again = reopen(storage).getState();
    expect(again.status).toBe('open');
    expect(again.keys).toEqual({});
    expect(again.stored).toMatchObject({ lock: null, sealedKeys: {}, plainKeys: {} });
    expect(again.stored.endpoints.anthropic).toBe('https://proxy.test/v1');
  });
});

describe('unencrypted keys next to a password (spec section 4: API key)', { timeout: 60_000 }, () => {
  async function vaultWithLeftoverPlaintext() {
    const storage = memoryStorage();
    const vault = reopen(storage);
    await vault.getState().setKey('openai', OPENAI_KEY);
    await vault.getState().setPassword('hunter22');
    // An older version or an import wrote plaintext keys beside the sealed ones.
    const stored: StoredKeyVault = parseStoredVault(storage.value);
    storage.value = JSON.stringify({
      ...stored,
      plainKeys: { gemini: GEMINI_KEY, openrouter: 'sk-or-PLAINTEXT', anthropic: '' },
    });
    return storage;
  }

  it('counts only non-empty plaintext keys, and none without a password', async () => {
    const storage = await vaultWithLeftoverPlaintext();
    expect(countUnencryptedKeys(parseStoredVault(storage.value))).toBe(2);
    expect(countUnencryptedKeys(parseStoredVault(JSON.stringify({ plainKeys: { openai: 'k' } })))).toBe(0);
  });

  it('encrypts them once the password is re-entered, and rejects a wrong one', async () => {
    const storage = await vaultWithLeftoverPlaintext();
    const vault = reopen(storage);
    await vault.getState().unlock('hunter22');
    expect(vault.getState().keys.gemini).toBe(GEMINI_KEY);

    await expect(vault.getState().encryptUnencryptedKeys('nope')).rejects.toBeInstanceOf(
      IncorrectPasswordError,
    );
    expect(countUnencryptedKeys(parseStoredVault(storage.value))).toBe(2);

    await vault.getState().encryptUnencryptedKeys('hunter22');
    expect(countUnencryptedKeys(parseStoredVault(storage.value))).toBe(0);
    expect(storage.value).not.toContain(GEMINI_KEY);
    expect(storage.value).not.toContain('sk-or-PLAINTEXT');

    const again = reopen(storage);
    await again.getState().unlock('hunter22');
    expect(again.getState().keys).toEqual({
      openai: OPENAI_KEY,
      gemini: GEMINI_KEY,
      openrouter: 'sk-or-PLAINTEXT',
    });
  });
});

describe('stored vault parsing', { timeout: 60_000 }, () => {
  it('treats unreadable text as an empty vault', () => {
    expect(parseStoredVault('{not json').plainKeys).toEqual({});
    expect(parseStoredVault(JSON.stringify({ lock: { kdf: 'MD5' } })).lock).toBeNull();
  });
});
