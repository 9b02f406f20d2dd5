import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StorageError } from '@parley/core/storage';
import type { StorageIssue } from '@parley/core/storage';
import { createStorageNotices } from '../../src/features/data/storage-notices';
import { createI18n } from '../../src/i18n';

const damaged = (id: string, operation: 'read' | 'write' = 'read'): StorageIssue => ({
  code: 'corrupt_record',
  table: 'chats',
  id,
  operation,
  issues: [{ path: 'messages', message: 'not a list' }],
});

describe('storage notices (toasts for damaged values and a fallback start)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('ST7 damaged values read with defaults become one error toast, however many there are', () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const notices = createStorageNotices();
    notices.attach(createI18n());
    notices.onIssue(damaged('ch-1'));
    notices.onIssue(damaged('ch-2'));
    notices.onIssue(damaged('ch-3', 'write'));
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls.map(([message, options]) => [message, options?.id])).toEqual([
      [expect.stringMatching(/^A value stored on this device was damaged\. Parley used the defaults/), 'storage-damaged'],
      [expect.stringMatching(/^A value stored on this device was damaged/), 'storage-damaged'],
    ]);
  });

  it('WB6 a start on the localStorage fallback is told once translations exist; example chats are not', () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const notices = createStorageNotices();
    const problem = new StorageError('unavailable', 'no IndexedDB');
    notices.onStartupProblem({ step: 'open-indexeddb', error: problem });
    notices.onStartupProblem({ step: 'example-chats', error: problem });
    expect(error).not.toHaveBeenCalled();
    notices.attach(createI18n());
    expect(error).toHaveBeenCalledOnce();
    expect(error.mock.calls[0]?.[0]).toMatch(/did not let Parley use IndexedDB.*localStorage/);
    expect(error.mock.calls[0]?.[1]?.id).toBe('storage-open-indexeddb');
  });
});
