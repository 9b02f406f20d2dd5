import { describe, expect, it } from 'vitest';
import {
  isStorageError,
  quotaExceededError,
  StorageError,
  toStorageError,
} from '../../src/storage/storage-error';

describe('toStorageError', () => {
  it('maps the quota errors browsers and Dexie raise to quota_exceeded', () => {
    const domLike = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
    const firefox = Object.assign(new Error('full'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' });
    const legacyCode = Object.assign(new Error('full'), { name: 'Error', code: 22 });
    const dexieWrapped = Object.assign(new Error('aborted'), { name: 'AbortError', inner: domLike });
    for (const error of [domLike, firefox, legacyCode, dexieWrapped, quotaExceededError()]) {
      expect(toStorageError(error, 'save').code).toBe('quota_exceeded');
    }
  });

  it('maps anything else to unavailable, and keeps StorageErrors as they are', () => {
    const closed = Object.assign(new Error('closed'), { name: 'DatabaseClosedError' });
    expect(toStorageError(closed, 'read').code).toBe('unavailable');
    expect(toStorageError('weird', 'read').message).toContain('weird');
    const notFound = new StorageError('not_found', 'gone');
    expect(toStorageError(notFound, 'read')).toBe(notFound);
    expect(isStorageError(notFound, 'not_found')).toBe(true);
    expect(isStorageError(notFound, 'unavailable')).toBe(false);
  });
});
