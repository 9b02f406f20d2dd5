import { describe, expect, it } from 'vitest';
import {
  customSecretId,
  fillSecretRows,
  hasSecretValues,
  isSecretRow,
  moveModelSecrets,
  replaceModelSecrets,
  secretIdsOf,
  splitSecretRows,
  withoutModelSecrets,
  type ModelWithRows,
} from '../../src/models/secret-rows';

describe('isSecretRow: which header and body rows hold credentials', () => {
  it.each([
    ['Authorization', true],
    ['authorization', true],
    ['  AUTHORIZATION ', true],
    ['Proxy-Authorization', true],
    ['x-api-key', true],
    ['X-API-Key', true],
    ['api-key', true],
    ['x-goog-api-key', true],
    ['openai_api_key', true],
    ['ApiKey', true],
    ['X-Auth-Token', true],
    ['access_token', true],
    ['client_secret', true],
    ['db_password', true],
    ['Content-Type', false],
    ['x-title', false],
    ['HTTP-Referer', false],
    ['temperature', false],
    ['api', false],
    ['key', false],
    ['auth', false],
    ['', false],
  ])('%j is a secret: %s', (name, expected) => {
    expect(isSecretRow(name)).toBe(expected);
  });
});

const model = (rows: Partial<ModelWithRows>): ModelWithRows => ({ id: 'custom-a', ...rows });

describe('splitting a custom model into what syncs and what stays in the vault', () => {
  const full = model({
    headerRows: [
      { key: 'Authorization', value: 'Bearer sk-secret-1' },
      { key: 'X-Title', value: 'Parley' },
    ],
    bodyRows: [
      { key: 'api_key', value: 'body-secret-2' },
      { key: 'temperature', value: '0.2' },
      { key: 'password', value: '' },
    ],
  });

  it('empties only the secret values and returns them by id', () => {
    const { model: stored, secrets } = splitSecretRows(full);
    expect(stored.headerRows).toEqual([
      { key: 'Authorization', value: '' },
      { key: 'X-Title', value: 'Parley' },
    ]);
    expect(stored.bodyRows).toEqual([
      { key: 'api_key', value: '' },
      { key: 'temperature', value: '0.2' },
      { key: 'password', value: '' },
    ]);
    expect(secrets).toEqual({
      [customSecretId('custom-a', 'header', 'authorization')]: 'Bearer sk-secret-1',
      [customSecretId('custom-a', 'body', 'API_KEY')]: 'body-secret-2',
    });
    expect(JSON.stringify(stored)).not.toContain('secret-');
  });

  it('ids are the model id, the group and the lowercased name, apart by NUL', () => {
    expect(customSecretId('custom-a', 'header', ' X-Api-Key ')).toBe('custom-a\u0000header\u0000x-api-key');
  });

  it('fills the values back from the vault, and a split model filled again is the original', () => {
    const { model: stored, secrets } = splitSecretRows(full);
    expect(fillSecretRows(stored, secrets)).toEqual(full);
    expect(hasSecretValues(full)).toBe(true);
    expect(hasSecretValues(stored)).toBe(false);
  });

  it('a row that still holds a value keeps it over the vault (it is newer until migrated)', () => {
    const id = customSecretId('custom-a', 'header', 'Authorization');
    const row = model({ headerRows: [{ key: 'Authorization', value: 'Bearer typed-here' }] });
    expect(fillSecretRows(row, { [id]: 'Bearer old' }).headerRows).toEqual([
      { key: 'Authorization', value: 'Bearer typed-here' },
    ]);
  });

  it('a model without secret rows comes back as the same object', () => {
    const plain = model({ headerRows: [{ key: 'X-Title', value: 'Parley' }] });
    expect(splitSecretRows(plain).model).toBe(plain);
    expect(fillSecretRows(plain, {})).toBe(plain);
    expect(secretIdsOf(plain)).toEqual([]);
  });

  it('lists the ids of secret rows with or without a value', () => {
    expect(secretIdsOf(full)).toEqual([
      customSecretId('custom-a', 'header', 'authorization'),
      customSecretId('custom-a', 'body', 'api_key'),
      customSecretId('custom-a', 'body', 'password'),
    ]);
  });
});

describe('keeping the vault in step with the custom models', () => {
  const a1 = customSecretId('custom-a', 'header', 'authorization');
  const a2 = customSecretId('custom-a', 'body', 'token');
  const b1 = customSecretId('custom-b', 'header', 'authorization');
  // A model id that starts like another must not take its secrets.
  const ab = customSecretId('custom-ab', 'header', 'authorization');
  const vault = { [a1]: 'A1', [a2]: 'A2', [b1]: 'B1', [ab]: 'AB' };

  it('deleting a model deletes only its secrets', () => {
    expect(withoutModelSecrets(vault, 'custom-a')).toEqual({ [b1]: 'B1', [ab]: 'AB' });
  });

  it('saving a model replaces its secrets (a removed row loses its value)', () => {
    expect(replaceModelSecrets(vault, 'custom-a', 'custom-a', { [a1]: 'A1-new' })).toEqual({
      [a1]: 'A1-new',
      [b1]: 'B1',
      [ab]: 'AB',
    });
  });

  it('saving a model under a new id drops the old id secrets', () => {
    const c1 = customSecretId('custom-c', 'header', 'authorization');
    expect(replaceModelSecrets(vault, 'custom-a', 'custom-c', { [c1]: 'A1' })).toEqual({
      [c1]: 'A1',
      [b1]: 'B1',
      [ab]: 'AB',
    });
  });

  it('changing a model id moves its secrets', () => {
    expect(moveModelSecrets(vault, 'custom-a', 'custom-c')).toEqual({
      [customSecretId('custom-c', 'header', 'authorization')]: 'A1',
      [customSecretId('custom-c', 'body', 'token')]: 'A2',
      [b1]: 'B1',
      [ab]: 'AB',
    });
    expect(moveModelSecrets(vault, 'custom-a', 'custom-a')).toEqual(vault);
  });
});
