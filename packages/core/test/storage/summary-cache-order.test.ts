import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '../../src/entities';
import { newestFirst } from '../../src/storage/store-context';
import { SummaryCache } from '../../src/storage/summary-cache';

const summary = (id: string, minute: number) =>
  ({
    id,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    tags: [],
  }) as unknown as ChatSummary;

describe('the summary cache keeps its order between lists', () => {
  it('lists newest first, as a full sort would, through writes, removals and changes made elsewhere', async () => {
    // What is stored; the cache reads it on the first list and when told of changes elsewhere.
    const stored = new Map<string, ChatSummary>();
    for (let i = 0; i < 200; i++) stored.set(`c${i}`, summary(`c${i}`, (i * 37) % 500));
    const cache = new SummaryCache(
      async () => [...stored.values()],
      async (ids) => ids.map((id) => stored.get(id)),
    );
    let state = 12345;
    const random = (below: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % below;
    };
    const expected = () => [...stored.values()].sort(newestFirst).map((s) => s.id);

    expect((await cache.all()).map((s) => s.id)).toEqual(expected());
    for (let round = 0; round < 60; round++) {
      const kind = random(3);
      const ids = Array.from({ length: 1 + random(8) }, () => `c${random(260)}`);
      if (kind === 0) {
        // Written here: new chats, and edits that move a chat to the top or down the list.
        const written = [...new Set(ids)].map((id) => summary(id, random(600)));
        for (const s of written) stored.set(s.id, s);
        cache.written(written);
      } else if (kind === 1) {
        for (const id of ids) stored.delete(id);
        cache.written([], ids);
      } else {
        for (const id of ids) {
          if (random(4) === 0) stored.delete(id);
          else stored.set(id, summary(id, random(600)));
        }
        cache.changedElsewhere(ids);
      }
      // Lists are not taken after every change: several changes between two lists are placed together.
      if (random(2) === 0)
        expect(
          (await cache.all()).map((s) => s.id),
          `round ${round}`,
        ).toEqual(expected());
    }
    expect((await cache.all()).map((s) => s.id)).toEqual(expected());
  });

  it('gives each caller its own array', async () => {
    const cache = new SummaryCache(
      async () => [summary('a', 1), summary('b', 2)],
      async () => [],
    );
    const first = await cache.all();
    first.reverse();
    expect((await cache.all()).map((s) => s.id)).toEqual(['b', 'a']);
  });
});
