import { describe, expect, it } from 'vitest';
import { ChatSearchIndex } from '@parley/core/search';
import type { IndexedChat, IndexedChatRecord } from '@parley/core/search';
import { IndexPersistence } from '../../src/features/search/index-persistence';
import { ResultTexts } from '../../src/features/search/result-texts';
import type { SearchIndexDatabase } from '../../src/features/search/search-index-database';
import { createTypingGate } from '../../src/features/search/typing-gate';
import { searchDoc as doc } from '../support/search-docs';

/**
 * While the user types, the search host's background work waits (decision 0159): persisting the
 * index waits for a quiet time after the last query, reading texts ahead waits while a query reads
 * its own. Index changes never wait (they are not background work here).
 */

/** A gate on a clock the test moves; its waits run when the test says so. */
function manualGate(quietMs = 100) {
  let time = 0;
  const waits: (() => void)[] = [];
  const gate = createTypingGate({ now: () => time, quietMs, wait: (_ms, then) => waits.push(then) });
  const advance = async (ms: number) => {
    time += ms;
    for (const then of waits.splice(0)) then();
    await flushPromises();
  };
  return { gate, advance };
}

async function flushPromises(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

function watch(promise: Promise<void>): { done: boolean } {
  const state = { done: false };
  void promise.then(() => (state.done = true));
  return state;
}

/** A search database that records its writes. */
function recordingDatabase() {
  const writes: { records: readonly IndexedChatRecord[]; deleted: readonly string[] }[] = [];
  const database: SearchIndexDatabase = {
    readAll: async () => {},
    write: async (change) => {
      writes.push(change);
    },
    close() {},
  };
  return { database, writes };
}

describe('typing gate (decision 0159)', () => {
  it('SE18 holds until no query came for the quiet time and none is being answered', async () => {
    const { gate, advance } = manualGate(100);
    await expect(gate.whenQuiet()).resolves.toBeUndefined(); // no query yet: nothing holds

    gate.queryArrived();
    const afterQuery = watch(gate.whenQuiet());
    await advance(60);
    expect(afterQuery.done).toBe(false);
    gate.queryArrived(); // the next keystroke moves the quiet time on
    await advance(60);
    expect(afterQuery.done).toBe(false);
    await advance(60);
    expect(afterQuery.done).toBe(true);

    gate.answering();
    const whileAnswering = watch(gate.whenQuiet());
    const answered = watch(gate.whenAnswered());
    await advance(500);
    expect(whileAnswering.done).toBe(false);
    expect(answered.done).toBe(false);
    gate.answered();
    await flushPromises();
    expect(answered.done).toBe(true);
    expect(whileAnswering.done).toBe(false); // the answer counts as the last query
    await advance(100);
    expect(whileAnswering.done).toBe(true);
  });

  it('SE17 SE18 persisting the index waits for the quiet time; settled() writes at once', async () => {
    let release!: () => void;
    let quiet = new Promise<void>((resolve) => (release = resolve));
    const { database, writes } = recordingDatabase();
    const persistence = new IndexPersistence(
      async () => database,
      () => quiet,
    );
    await persistence.restore(
      [],
      new Map(),
      () => {},
      async () => {},
    );
    const index = new ChatSearchIndex({ keepTexts: false });
    for (let i = 0; i < 30; i++) {
      const document = doc(`c${i}`, `text ${i}`);
      persistence.indexed(document, index.upsert(document, false));
    }
    await flushPromises();
    expect(writes).toEqual([]); // 25 gathered, but the user is typing

    release();
    await flushPromises();
    expect(writes.map((write) => write.records.length)).toEqual([25]);

    quiet = new Promise<void>(() => {}); // typing again: never quiet
    for (let i = 30; i < 60; i++) {
      const document = doc(`c${i}`, `text ${i}`);
      persistence.indexed(document, index.upsert(document, false));
    }
    await persistence.settled();
    expect(writes.map((write) => write.records.length)).toEqual([25, 25, 10]);
    expect(writes.flatMap((write) => write.records.map((record) => record.id))).toHaveLength(60);
  });

  it('SE18 reading texts ahead waits while a query reads its own, and keeps what the build read', async () => {
    const texts = new ResultTexts();
    const index = new ChatSearchIndex({ keepTexts: false });
    const chats: IndexedChat[] = [];
    for (let i = 0; i < 12; i++) chats.push(index.upsert(doc(`c${i}`, `text ${i}`), false)!);
    // The build kept the texts of the first two chats it read.
    texts.keepRead('c0', chats[0]!.updatedAt, ['text 0']);
    texts.keepRead('c1', chats[1]!.updatedAt, ['text 1']);
    expect(texts.textOf({ chat: chats[0]!, message: 0, matchedIn: 'message' })).toBe('text 0');

    const reads: string[][] = [];
    const read = async (ids: readonly string[]) => {
      reads.push([...ids]);
      return ids.map((id) => ({ id }));
    };
    let answer!: () => void;
    const ready = new Promise<void>((resolve) => (answer = resolve));
    const prefetch = texts.prefetch(chats, read, () => ready);
    await flushPromises();
    expect(reads).toEqual([]);
    answer();
    await prefetch;
    // Batches of 5 of the ten chats not kept already.
    expect(reads).toEqual([
      ['c2', 'c3', 'c4', 'c5', 'c6'],
      ['c7', 'c8', 'c9', 'c10', 'c11'],
    ]);
  });
});
