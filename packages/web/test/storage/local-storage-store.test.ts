import { afterEach, describe, expect, it } from 'vitest';
import { isStorageError, messageKey } from '@parley/core/storage';
import type { StorageChange } from '@parley/core/storage';
import { runStorageContract, sampleChat } from '@parley/core/storage/contract';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { syncedSetting } from '@parley/core/entities';
import { createLocalStorageStore, recordKey } from '../../src/adapters/storage';

afterEach(() => localStorage.clear());

runStorageContract(
  'localStorage fallback (jsdom)',
  async ({ clock, ids, faults, onIssue }) => {
    localStorage.clear();
    const make = () => createLocalStorageStore(localStorage, {}, { clock, ids, onIssue, faults });
    return {
      store: make(),
      async plantRaw(table, id, value) {
        localStorage.setItem(recordKey(table, id), typeof value === 'string' ? value : JSON.stringify(value));
      },
      async reopen() {
        return createLocalStorageStore(localStorage, {}, { clock, ids, onIssue });
      },
    };
  },
  { persistent: true },
);

describe('localStorage fallback specifics', () => {
  const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('l') };

  it('WS3 one TM_-prefixed key per record', async () => {
    const store = createLocalStorageStore(localStorage, {}, deps);
    const chat = await store.chats.put(sampleChat(deps));
    await store.settings.set(syncedSetting('fontSize'), 'large');
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        `TM_chatSummary_${chat.id}`,
        `TM_chat_${chat.id}`,
        `TM_message_${messageKey(chat.id, 0)}`,
        'TM_settings_fontSize',
      ].sort(),
    );
  });

  it('WS4 a real quota failure (jsdom enforces 5 MB) keeps what was stored', async () => {
    const store = createLocalStorageStore(localStorage, {}, deps);
    const chat = await store.chats.put(sampleChat(deps));
    const summary = await store.chats.getSummary(chat.id);
    const error = await store.chats
      .put({ ...chat, documentText: 'x'.repeat(6_000_000) })
      .catch((e: unknown) => e);
    expect(isStorageError(error, 'quota_exceeded')).toBe(true);
    expect(await store.chats.get(chat.id)).toEqual(chat);
    expect(await store.chats.getSummary(chat.id)).toEqual(summary);
  });

  it('WS5 another tab’s write arrives as a storage event and is reported as a remote change', async () => {
    const window = new EventTarget();
    const store = createLocalStorageStore(localStorage, { eventTarget: window }, deps);
    const changes: StorageChange[] = [];
    store.onChange((change) => changes.push(change));
    const storageEvent = (key: string) => {
      const event = new Event('storage');
      Object.defineProperty(event, 'key', { value: key });
      window.dispatchEvent(event);
    };
    storageEvent('TM_chat_ch-other');
    storageEvent('TM_chatSummary_ch-other');
    storageEvent('TM_settings_fontSize');
    storageEvent('someone-elses-key');
    expect(changes).toEqual([
      { area: 'chats', ids: ['ch-other'], origin: 'remote' },
      { area: 'settings', ids: ['fontSize'], origin: 'remote' },
    ]);
    await store.close();
  });
});
