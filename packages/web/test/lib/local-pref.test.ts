import { describe, expect, it } from 'vitest';
import { formatBytes } from '@parley/core/models';
import { localPref } from '../../src/lib/local-pref';
import { memoryStorage } from '../support/memory-storage';

const booleanPref = (storage: () => Storage | undefined) =>
  localPref('TM_flag', (value) => (typeof value === 'boolean' ? value : undefined), false, storage);

describe('localPref', () => {
  it('round-trips a value as JSON', () => {
    const storage = memoryStorage();
    const pref = booleanPref(() => storage);
    pref.write(true);
    expect(storage.getItem('TM_flag')).toBe('true');
    expect(pref.read()).toBe(true);
  });

  it('spec §4: a stored null, a missing or a malformed value reads as the default', () => {
    expect(booleanPref(() => memoryStorage({ TM_flag: 'null' })).read()).toBe(false);
    expect(booleanPref(() => memoryStorage()).read()).toBe(false);
    expect(booleanPref(() => memoryStorage({ TM_flag: '{oops' })).read()).toBe(false);
    expect(booleanPref(() => memoryStorage({ TM_flag: '"yes"' })).read()).toBe(false);
  });

  it('without a default reads undefined; writing undefined or clear() forgets the value', () => {
    const storage = memoryStorage({ TM_name: '"Ada"' });
    const name = localPref(
      'TM_name',
      (value) => (typeof value === 'string' ? value : undefined),
      undefined,
      () => storage,
    );
    expect(name.read()).toBe('Ada');
    name.write(undefined);
    expect(storage.getItem('TM_name')).toBeNull();
    name.write('Grace');
    name.clear();
    expect(name.read()).toBeUndefined();
  });

  it("format 'text' stores the string as it is", () => {
    const storage = memoryStorage();
    const flag = localPref('TM_flag', (value) => (typeof value === 'string' ? value : undefined), undefined, {
      storage: () => storage,
      format: 'text',
    });
    flag.write('1');
    expect(storage.getItem('TM_flag')).toBe('1');
    expect(flag.read()).toBe('1');
  });

  it('never throws when storage is missing or blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(booleanPref(() => blocked).read()).toBe(false);
    expect(() => booleanPref(() => blocked).write(true)).not.toThrow();
    expect(booleanPref(() => undefined).read()).toBe(false);
  });
});

describe('formatBytes (spec §9 units: Bytes, KB, MB, GB, TB)', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [2048, '2 KB'],
    [1536, '1.5 KB'],
    [5 * 1024 ** 2, '5 MB'],
    [1.25 * 1024 ** 3, '1.25 GB'],
    [3 * 1024 ** 4, '3 TB'],
    [2 * 1024 ** 5, '2048 TB'],
  ])('%i bytes reads %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
