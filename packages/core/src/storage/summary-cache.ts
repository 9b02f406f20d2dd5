import type { ChatSummary } from '../entities';
import { newestFirst } from './store-context';

/**
 * Every chat summary (tombstones too), in memory after the first full read, so the sidebar's re-list
 * after each save (a streaming answer saves every few seconds) costs a sort, not a read of 10,000
 * records. Local writes update it with the summaries they stored; other tabs' changes are re-read
 * by id. Changes queue behind the first read, so a write that commits while it runs is not lost.
 * Summaries are frozen: they are shared by every caller.
 *
 * `all()` gives them newest first. The order of the last call is kept, and only the summaries that
 * changed since are placed again: sorting 10,000 summaries from scratch after each batch of an import
 * was a main-thread task of its own, while a sort of an almost sorted list is one pass.
 */
export class SummaryCache {
  private loaded: Promise<Map<string, ChatSummary>> | undefined;
  /** Newest first, as of the last all(); null until then and after a reload. */
  private order: ChatSummary[] | null = null;
  /** Ids written, re-read or removed since `order` was made. */
  private readonly touched = new Set<string>();

  constructor(
    private readonly readAll: () => Promise<ChatSummary[]>,
    /** The summaries of these ids, in order, undefined where gone: one read for all of them. */
    private readonly readMany: (ids: readonly string[]) => Promise<(ChatSummary | undefined)[]>,
  ) {}

  get isLoaded(): boolean {
    return this.loaded !== undefined;
  }

  /** All summaries; the first call reads them (and a failed read is retried by the next call). */
  async all(): Promise<ChatSummary[]> {
    if (!this.loaded) {
      this.order = null;
      this.loaded = this.settle(this.readAll().then((list) => new Map(list.map((s) => [s.id, freeze(s)]))));
    }
    const map = await this.loaded;
    if (!this.order) {
      this.order = [...map.values()].sort(newestFirst);
      this.touched.clear();
    } else if (this.touched.size > 0) {
      const kept = this.order.filter((summary) => !this.touched.has(summary.id));
      for (const id of this.touched) {
        const summary = map.get(id);
        if (summary) kept.push(summary);
      }
      this.touched.clear();
      this.order = kept.sort(newestFirst);
    }
    return this.order.slice();
  }

  /** A local write committed: these summaries are now stored, these ids are gone. */
  written(summaries: readonly ChatSummary[], removedIds: readonly string[] = []): void {
    this.change(async (map) => {
      for (const summary of summaries) {
        map.set(summary.id, freeze(summary));
        this.touched.add(summary.id);
      }
      for (const id of removedIds) {
        map.delete(id);
        this.touched.add(id);
      }
    });
  }

  /**
   * Another tab (or the import worker) changed these chats. They are re-read together: an import
   * names 200 chats per change, and one read each cost the page a task of 50-150 ms per batch.
   */
  changedElsewhere(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.change(async (map) => {
      const summaries = await this.readMany(ids);
      ids.forEach((id, index) => {
        const summary = summaries[index];
        if (summary) map.set(id, freeze(summary));
        else map.delete(id);
        this.touched.add(id);
      });
    });
  }

  private change(apply: (map: Map<string, ChatSummary>) => Promise<void>): void {
    if (!this.loaded) return;
    this.loaded = this.settle(
      this.loaded.then(async (map) => {
        await apply(map);
        return map;
      }),
    );
  }

  /** A failed read or refresh drops the cache, so the next list reads afresh. */
  private settle(next: Promise<Map<string, ChatSummary>>): Promise<Map<string, ChatSummary>> {
    next.catch(() => {
      if (this.loaded === next) this.loaded = undefined;
    });
    return next;
  }
}

function freeze(summary: ChatSummary): ChatSummary {
  Object.freeze(summary.tags);
  if (summary.character) Object.freeze(summary.character);
  return Object.freeze(summary);
}
