import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRecordStore } from '@parley/core/storage';
import { sampleChat } from '@parley/core/storage/contract';
import { parseFolder } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { IndexedDbEngine, openParleyDatabase } from '../../src/adapters/storage';
import { activeChatPref, readRememberedChatEarly } from '../../src/features/chat/active-chat-store';
import { startLibrary, takeStartedLibrary } from '../../src/features/organise/library-store';

const deps = { clock: new FakeClock('2024-03-01T00:00:00.000Z'), ids: new SequentialIdGenerator('g') };

afterEach(() => {
  vi.restoreAllMocks();
  activeChatPref.write(null);
});

/**
 * IndexedDB answers one database's requests in the order they were made, so the order of the start's
 * reads is the order things can show: the 10,000 summaries are one long read that everything asked
 * after it waits behind.
 */
describe('the start reads the small things before the sidebar summaries', () => {
  it.each([
    { packed: false, summaries: 'getAll chatSummaries' },
    { packed: true, summaries: 'getAll summaryPack' },
  ])(
    'the reopened chat (head and messages), the folders and the projects are asked for before the summaries (packed copy: $packed)',
    async ({ packed, summaries: summaryRead }) => {
      const factory = new IDBFactory();
      const earlier = createRecordStore(
        new IndexedDbEngine(await openParleyDatabase(factory, 'parley-start-order')),
        deps,
      );
      await earlier.chats.putMany([
        sampleChat(deps, { id: 'open', chatTitle: 'Open' }),
        sampleChat(deps, { id: 'other', chatTitle: 'Other' }),
      ]);
      await earlier.folders.put(parseFolder({ id: 'f1', name: 'Work' }));
      if (packed) expect(await earlier.packSummaries?.({ minRows: 0 })).toBe('packed');
      // A fresh start: a store that has read nothing yet.
      const store = createRecordStore(
        new IndexedDbEngine(await openParleyDatabase(factory, 'parley-start-order')),
        deps,
      );
      activeChatPref.write('open');

      const asked: string[] = [];
      for (const method of ['get', 'getAll'] as const) {
        const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => unknown;
        vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
          this: IDBObjectStore,
          ...args: unknown[]
        ) {
          asked.push(`${method} ${this.name}`);
          const request = original.apply(this, args) as IDBRequest;
          request.addEventListener('success', () => asked.push(`answered ${method} ${this.name}`));
          return request as never;
        });
      }
      readRememberedChatEarly(store);
      startLibrary(store);
      const library = takeStartedLibrary(store)!;
      await vi.waitFor(() => expect(library.getState().chats).not.toBeNull());

      const summaries = asked.indexOf(summaryRead);
      // With a packed copy the summary table itself is not read (storage SPEC PK1).
      expect(asked.includes('getAll chatSummaries')).toBe(!packed);
      for (const read of [summaryRead, 'getAll messages'])
        expect(asked.indexOf(read), read).toBeGreaterThan(-1);
      for (const read of ['get chats', 'getAll messages', 'getAll folders', 'getAll projects'])
        expect(asked.indexOf(read), read).toBeLessThan(summaries);
      // The chat's messages are asked for with its head, not once the head has come back (by then the
      // summaries would be asked for in a real browser, where an answer takes a round trip).
      expect(asked.indexOf('getAll messages')).toBeLessThan(asked.indexOf('answered get chats'));
      // The sidebar's first list is that read, not a second one.
      expect(asked.filter((read) => read === 'getAll folders')).toHaveLength(1);
      expect(library.getState().folders.map((folder) => folder.id)).toEqual(['f1']);
      expect(
        library
          .getState()
          .chats?.map((chat) => chat.id)
          .sort(),
      ).toEqual(['open', 'other']);
      library.dispose();
    },
  );
});
