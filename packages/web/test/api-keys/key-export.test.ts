import { describe, expect, it } from 'vitest';
import {
  KEY_EXPORT_FORMAT,
  openKeyExport,
  parseKeyExport,
  sealKeysForExport,
} from '../../src/state/key-vault/key-export';
import {
  IncorrectPasswordError,
  PBKDF2_ITERATIONS,
  browserVaultCrypto,
} from '../../src/state/key-vault/vault-crypto';

// Node's own WebCrypto: the same API the browser gives the app.
const crypto = browserVaultCrypto(globalThis.crypto);
const keys = {
  keys: { openai: 'sk-export-openai-91c2', anthropic: 'sk-ant-export-4e' },
  secrets: { 'secret-1': 'Bearer header-secret' },
  endpoints: { openai: 'http://127.0.0.1:9999/v1' },
};

describe('API keys in an export', { timeout: 60_000 }, () => {
  it('seals every key and secret with the vault lock, records its parameters, and opens with the password', async () => {
    const file = await sealKeysForExport(crypto, keys, 'export pass', '2026-01-02T03:04:05.000Z');
    const text = JSON.stringify(file);
    expect(text).not.toContain('sk-export-openai-91c2');
    expect(text).not.toContain('sk-ant-export-4e');
    expect(text).not.toContain('header-secret');
    expect(file.format).toBe(KEY_EXPORT_FORMAT);
    expect(file.cipher).toBe('AES-GCM-256');
    expect(file.lock.kdf).toBe('PBKDF2-SHA-256');
    expect(file.lock.iterations).toBe(PBKDF2_ITERATIONS);
    expect(file.endpoints).toEqual(keys.endpoints);

    // What the import reads back is the JSON of the zip entry, not the object.
    const parsed = parseKeyExport(JSON.parse(text));
    expect(parsed).not.toBeNull();
    expect(await openKeyExport(crypto, parsed!, 'export pass')).toEqual(keys);
  });

  it('a wrong password is told apart and opens nothing', async () => {
    const file = await sealKeysForExport(crypto, keys, 'export pass', '2026-01-02T03:04:05.000Z');
    await expect(openKeyExport(crypto, file, 'export pas')).rejects.toBeInstanceOf(IncorrectPasswordError);
  });

  it('a file that is not a key export, or was altered, is not read', async () => {
    expect(parseKeyExport({ format: 'something-else' })).toBeNull();
    expect(parseKeyExport('sk-plain')).toBeNull();
    const file = await sealKeysForExport(crypto, keys, 'export pass', '2026-01-02T03:04:05.000Z');
    // Ciphertext that was altered fails AES-GCM's check: it never opens to garbage.
    const broken = {
      ...file,
      sealedKeys: { openai: { iv: file.sealedKeys.openai!.iv, data: file.sealedKeys.anthropic!.data } },
    };
    await expect(openKeyExport(crypto, broken, 'export pass')).rejects.toThrow();
  });
});
