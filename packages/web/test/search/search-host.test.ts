import { describe, expect, it } from 'vitest';
import type { ChatTableReader } from '../../src/adapters/storage/chat-table-reader';
import type { OpenChatTable } from '../../src/features/search/database-feed';
import { createSearchHost } from '../../src/features/search/search-host';
import type { SearchHostOptions } from '../../src/features/search/search-host';
import type { SearchReply } from '../../src/features/search/search-protocol';
import type { SearchIndexDatabase } from '../../src/features/search/search-index-database';
import { createTypingGate } from '../../src/features/search/typing-gate';
import { searchDoc as doc } from '../support/search-docs';

/** A host whose scheduled slices run only when the test says so, with a clock the test moves. */
function manualHost(sliceMs = 10, options: SearchHostOptions = {}) {
  const replies: SearchReply[] = [];
  const tasks: (() => void)[] = [];
  let time = 0;
  const host = createSearchHost((reply) => replies.push(reply), {
    ...options,
    schedule: (task) => tasks.push(task),
    // Each look at the clock costs 1 ms, so a slice applies a bounded number of changes.
    now: () => (time += 1),
    sliceMs,
  });
  const runTask = () => tasks.shift()?.();
  const resultsOf = (requestId: number) =>
    replies.find((reply) => reply.type === 'results' && reply.requestId === requestId);
  return { host, replies, tasks, runTask, resultsOf };
}

describe('search host', () => {
  it('SE15 applies changes in slices and reports the last change applied', () => {
    const { host, replies, runTask, tasks } = manualHost(5);
    const docs = Array.from({ length: 20 }, (_, i) => doc(`c${i}`, `word${i}`));
    host.receive({ type: 'upsert', seq: 1, docs });
    expect(host.index.size).toBe(0);
    runTask();
    const first = replies.at(-1);
    expect(first).toMatchObject({ type: 'applied', appliedSeq: 0 });
    expect(host.index.size).toBeGreaterThan(0);
    expect(host.index.size).toBeLessThan(20);
    while (tasks.length > 0) runTask();
    expect(replies.at(-1)).toEqual({ type: 'applied', appliedSeq: 1, indexed: 20 });
  });

  it('SE16 answers a query in the middle of a long build, saying how far the index got', () => {
    const { host, runTask, resultsOf } = manualHost(5);
    host.receive({
      type: 'upsert',
      seq: 1,
      docs: Array.from({ length: 50 }, (_, i) => doc(`c${i}`, 'common')),
    });
    runTask();
    host.receive({ type: 'query', requestId: 7, query: 'common', limit: 100 });
    const answer = resultsOf(7);
    expect(answer).toMatchObject({ type: 'results', appliedSeq: 0 });
    const found = answer?.type === 'results' ? answer.response.results.length : -1;
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(50);
  });

  it('SE14 removes chats and answers stats', () => {
    const { host, tasks, runTask, replies } = manualHost(1000);
    host.receive({ type: 'upsert', seq: 1, docs: [doc('a', 'alpha'), doc('b', 'beta')] });
    host.receive({ type: 'remove', seq: 2, chatIds: ['a'] });
    while (tasks.length > 0) runTask();
    host.receive({ type: 'query', requestId: 1, query: 'alpha', limit: 10 });
    host.receive({ type: 'stats', requestId: 2 });
    expect(replies.at(-2)).toMatchObject({ type: 'results', appliedSeq: 2, response: { results: [] } });
    expect(replies.at(-1)).toMatchObject({ type: 'stats', requestId: 2, stats: { chats: 1, messages: 1 } });
  });
});

/** Raw chat rows as the app stores them (what the worker reads from IndexedDB). */
function storedChat(id: string, title: string, minute: number, fields: Record<string, unknown> = {}) {
  const at = new Date(Date.UTC(2024, 0, 1, 0, minute)).toISOString();
  return {
    id,
    chatID: id,
    chatTitle: title,
    updatedAt: at,
    createdAt: at,
    archivedAt: null,
    deletedAt: null,
    messages: [{ id: `${id}-m`, role: 'user', content: `text of ${title}`, createdAt: at, updatedAt: at }],
    ...fields,
  };
}

/** A chats table in memory, standing in for IndexedDB: the host only sees the reader interface. */
function tableOf(rows: Map<string, unknown>): { open: OpenChatTable; reads: string[][] } {
  const reads: string[][] = [];
  const reader: ChatTableReader = {
    listChatIds: async () => [...rows.keys()],
    readChats: async (ids) => {
      reads.push([...ids]);
      return ids.map((id) => rows.get(id));
    },
    close: () => {},
  };
  return { open: async () => reader, reads };
}

/** Runs scheduled slices and lets the reader's promises settle until nothing is left to do. */
async function settle(tasks: (() => void)[]): Promise<void> {
  for (let round = 0; round < 100; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (tasks.length === 0) return;
    while (tasks.length > 0) tasks.shift()!();
  }
}

const appliedSeqs = (replies: SearchReply[]) =>
  replies.flatMap((reply) => (reply.type === 'applied' ? [reply.appliedSeq] : []));

describe('search host reading the database', () => {
  it('SE15 reads every chat in batches and reports the read applied only once all are indexed', async () => {
    const rows = new Map(Array.from({ length: 7 }, (_, i) => [`c${i}`, storedChat(`c${i}`, `Chat ${i}`, i)]));
    const table = tableOf(rows);
    const { host, replies, tasks } = manualHost(1000, { openChatTable: table.open, readBatchSize: 3 });
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    await settle(tasks);
    // Three batches; the texts of the chats read are kept as they are read (newest first), so the
    // read ahead for results (decision 0081) reads none of them again (decision 0159).
    expect(table.reads.map((ids) => ids.length)).toEqual([3, 3, 1]);
    expect(replies.filter((reply) => reply.type === 'read-progress')).toEqual([
      { type: 'read-progress', read: 0, total: 7 },
      { type: 'read-progress', read: 3, total: 7 },
      { type: 'read-progress', read: 6, total: 7 },
      { type: 'read-progress', read: 7, total: 7 },
    ]);
    expect(replies).toContainEqual({ type: 'read-loaded', restored: 0, reindexed: 7 });
    // Slices ran between batches (the queue was empty then), yet seq 1 was not reported early.
    const applied = replies.filter((reply) => reply.type === 'applied');
    expect(applied.length).toBeGreaterThan(1);
    expect(applied.at(-1)).toEqual({ type: 'applied', appliedSeq: 1, indexed: 7 });
    expect(applied.slice(0, -1).every((reply) => reply.appliedSeq === 0)).toBe(true);
  });

  it('SE13 SE14 re-reads changed chats: edits replace, deleted and purged chats leave, damage never throws', async () => {
    const rows = new Map<string, unknown>([
      ['a', storedChat('a', 'Apples', 1)],
      ['b', storedChat('b', 'Bananas', 2)],
      ['c', storedChat('c', 'Cherries', 3)],
      ['bad', 'not a chat at all'],
    ]);
    const { open } = tableOf(rows);
    const { host, replies, tasks, resultsOf } = manualHost(1000, { openChatTable: open });
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    await settle(tasks);
    expect(host.index.size).toBe(3);
    rows.set('a', storedChat('a', 'Avocados', 4));
    rows.set('b', storedChat('b', 'Bananas', 5, { deletedAt: '2024-01-02T00:00:00.000Z' }));
    rows.delete('c');
    rows.set('bad', ['still', 'not', 'a', 'chat']);
    host.receive({ type: 'reread-chats', seq: 2, chatIds: ['a', 'b', 'c', 'bad'] });
    await settle(tasks);
    expect(appliedSeqs(replies).at(-1)).toBe(2);
    host.receive({ type: 'query', requestId: 1, query: 'a', limit: 10 });
    // The answer waits for its results' texts, read from the database (decision 0081).
    await settle(tasks);
    const answer = resultsOf(1);
    const titles = answer?.type === 'results' ? answer.response.results.map((result) => result.title) : [];
    expect(titles).toEqual(['Avocados']);
    expect(host.index.size).toBe(1);
  });

  it('SE15 a damaged row is removed on a re-read: it is no longer a readable chat', async () => {
    const rows = new Map<string, unknown>([['a', storedChat('a', 'Apples', 1)]]);
    const { open } = tableOf(rows);
    const { host, tasks } = manualHost(1000, { openChatTable: open });
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    await settle(tasks);
    rows.set('a', 42);
    host.receive({ type: 'reread-chats', seq: 2, chatIds: ['a'] });
    await settle(tasks);
    expect(host.index.has('a')).toBe(false);
  });

  it('SE15 an unreadable database is reported once and every pending seq still comes back applied', async () => {
    const { host, replies, tasks } = manualHost(1000, {
      openChatTable: () => Promise.reject(new Error('newer schema')),
    });
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    host.receive({ type: 'reread-chats', seq: 2, chatIds: ['a'] });
    await settle(tasks);
    host.receive({ type: 'reread-chats', seq: 3, chatIds: ['b'] });
    await settle(tasks);
    expect(replies.filter((reply) => reply.type === 'database-unavailable')).toEqual([
      { type: 'database-unavailable', reason: 'Error: newer schema' },
    ]);
    expect(appliedSeqs(replies).at(-1)).toBe(3);
    // The client now sends documents itself; they are indexed as before.
    host.receive({ type: 'upsert', seq: 4, docs: [doc('x', 'fallback')] });
    await settle(tasks);
    expect(appliedSeqs(replies).at(-1)).toBe(4);
    expect(host.index.size).toBe(1);
  });

  it('SE18 a query holds the persisted index writes of a build until the quiet time has passed', async () => {
    const rows = new Map(
      Array.from({ length: 30 }, (_, i) => [`c${i}`, storedChat(`c${i}`, `Chat ${i}`, i)] as const),
    );
    const writes: number[] = [];
    const database: SearchIndexDatabase = {
      readAll: async () => {},
      write: async ({ records }) => {
        writes.push(records.length);
      },
      close() {},
    };
    let time = 0;
    const waits: (() => void)[] = [];
    const typing = createTypingGate({
      now: () => time,
      quietMs: 1000,
      wait: (_ms, then) => waits.push(then),
    });
    const { host, tasks } = manualHost(1000, {
      openChatTable: tableOf(rows).open,
      openIndexDatabase: async () => database,
      readBatchSize: 10,
      typing,
    });
    host.receive({ type: 'query', requestId: 1, query: 'chat', limit: 10 });
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    await settle(tasks);
    expect(host.index.size).toBe(30);
    expect(writes).toEqual([]); // 25 gathered, but a query came a moment ago

    time += 1000;
    for (const then of waits.splice(0)) then();
    await settle(tasks);
    expect(writes).toEqual([25]);
    await host.persisted();
    expect(writes).toEqual([25, 5]);
  });

  it('SE15 a host with no way to read the database says so', async () => {
    const { host, replies, tasks } = manualHost();
    host.receive({ type: 'read-database', seq: 1, databaseName: 'parley' });
    await settle(tasks);
    expect(replies.some((reply) => reply.type === 'database-unavailable')).toBe(true);
    expect(appliedSeqs(replies).at(-1)).toBe(1);
  });
});
