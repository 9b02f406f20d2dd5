import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseChat } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import {
  createLibraryStore,
  startLibrary,
  takeStartedLibrary,
} from '../../src/features/organise/library-store';

const at = '2026-01-01T00:00:00.000Z';
const chat = (n: number) =>
  parseChat({
    id: `ch-${n}`,
    chatID: `ch-${n}`,
    chatTitle: `Chat ${n}`,
    createdAt: at,
    updatedAt: at,
    messages: [],
  });

describe('the library re-lists after writes', () => {
  afterEach(() => vi.useRealTimers());

  it('a bulk write (an import batch) is re-listed once the writes pause, a single save at once', async () => {
    vi.useFakeTimers();
    const store = createMemoryStore();
    const library = createLibraryStore(store);
    await library.refresh();
    const count = () => library.getState().chats?.length ?? 0;

    // Two import batches 1 s apart: no redraw of the whole list between them.
    await store.chats.putMany(
      Array.from({ length: 60 }, (_, i) => chat(i)),
      { touch: false },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    await store.chats.putMany(
      Array.from({ length: 60 }, (_, i) => chat(100 + i)),
      { touch: false },
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(count()).toBe(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(count()).toBe(120);

    // Batches that never pause still show every 5 s.
    for (let batch = 0; batch < 6; batch++) {
      await store.chats.putMany(
        Array.from({ length: 60 }, (_, i) => chat(1000 + batch * 100 + i)),
        { touch: false },
      );
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(count()).toBeGreaterThan(120);
    expect(count()).toBeLessThan(480);

    // Once the bulk writes are over, one save is listed after the short delay again.
    await vi.advanceTimersByTimeAsync(2_000);
    await store.chats.put(chat(999), { touch: false });
    await vi.advanceTimersByTimeAsync(200);
    expect(count()).toBe(481);
    library.dispose();
  });
});

describe('the library the start makes', () => {
  it('is the one the sidebar takes, once, with its first read made', async () => {
    const store = createMemoryStore();
    await store.chats.put(chat(1), { touch: false });
    const lists = vi.spyOn(store.folders, 'list');
    startLibrary(store);
    const library = takeStartedLibrary(store)!;
    expect(takeStartedLibrary(store)).toBeUndefined();
    await vi.waitFor(() => expect(library.getState().chats?.map((c) => c.id)).toEqual(['ch-1']));
    expect(lists).toHaveBeenCalledTimes(1);
    library.dispose();
  });

  it('a chat saved after it started reading, before the sidebar took it, is listed', async () => {
    const store = createMemoryStore();
    await store.chats.put(chat(1), { touch: false });
    startLibrary(store);
    await store.chats.put(chat(2), { touch: false });
    const library = takeStartedLibrary(store)!;
    await vi.waitFor(() =>
      expect(
        library
          .getState()
          .chats?.map((c) => c.id)
          .sort(),
      ).toEqual(['ch-1', 'ch-2']),
    );
    library.dispose();
  });
});
