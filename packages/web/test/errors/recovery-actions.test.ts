import { describe, expect, it } from 'vitest';
import { byteLength, localStorageRecoveryActions } from '../../src/features/errors/recovery-actions';
import { describeError } from '../../src/features/errors/describe-error';
import { memoryStorage } from '../support/memory-storage';

describe('default recovery actions (localStorage only, until storage provides the full ones)', () => {
  it('dumps every localStorage entry as JSON with its UTF-8 size', async () => {
    const storage = memoryStorage({ TM_themeMode: '"dark"', note: 'héllo' });
    const dump = await localStorageRecoveryActions(() => storage).dumpAllLocalData();
    expect(JSON.parse(dump.text)).toEqual({ localStorage: { TM_themeMode: '"dark"', note: 'héllo' } });
    expect(dump.bytes).toBe(byteLength(dump.text));
    expect(dump.bytes).toBe(dump.text.length + 1); // é takes two bytes
  });

  it('clears localStorage', async () => {
    const storage = memoryStorage({ a: '1', b: '2' });
    await localStorageRecoveryActions(() => storage).clearAllLocalData();
    expect(storage.length).toBe(0);
  });

  it('without localStorage the dump is empty and clearing does nothing', async () => {
    const actions = localStorageRecoveryActions(() => undefined);
    expect(JSON.parse((await actions.dumpAllLocalData()).text)).toEqual({ localStorage: {} });
    await expect(actions.clearAllLocalData()).resolves.toBeUndefined();
  });
});

describe('describeError', () => {
  it('names errors and does not repeat the message at the top of the stack', () => {
    const error = new RangeError('too far');
    const described = describeError(error);
    expect(described.message).toBe('RangeError: too far');
    expect(described.stack?.startsWith('RangeError')).toBe(false);
  });

  it('copes with thrown strings and objects', () => {
    expect(describeError('plain')).toEqual({ message: 'plain', stack: undefined });
    expect(describeError({ code: 7 })).toEqual({ message: '{"code":7}', stack: undefined });
  });
});
