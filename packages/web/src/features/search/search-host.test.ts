import { describe, expect, it } from 'vitest';
import type { SearchDocument } from '@parley/core/search';
import { createSearchHost } from './search-host';
import type { SearchReply } from './search-protocol';

function doc(id: string, text: string): SearchDocument {
  return {
    id,
    title: `Chat ${id}`,
    updatedAt: '2024-01-01T00:00:00.000Z',
    archived: false,
    deleted: false,
    messages: [{ id: `${id}-m`, text }],
  };
}

/** A host whose scheduled slices run only when the test says so, with a clock the test moves. */
function manualHost(sliceMs = 10) {
  const replies: SearchReply[] = [];
  const tasks: (() => void)[] = [];
  let time = 0;
  const host = createSearchHost((reply) => replies.push(reply), {
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
