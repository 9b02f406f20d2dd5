import type { StorageArea, StorageChange } from '../storage';

/**
 * The records the engine itself is writing right now. The store announces those writes as local
 * changes like any other; the engine recognises them here so that applying what the server sent
 * never schedules another sync (no sync loop, SC2).
 */
export class OwnWrites {
  private readonly writing = new Map<string, number>();

  async run<T>(area: StorageArea, ids: readonly string[], work: () => Promise<T>): Promise<T> {
    const keys = ids.map((id) => `${area}\u0000${id}`);
    for (const key of keys) this.writing.set(key, (this.writing.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      for (const key of keys) {
        const count = (this.writing.get(key) ?? 1) - 1;
        if (count <= 0) this.writing.delete(key);
        else this.writing.set(key, count);
      }
    }
  }

  /** True when every record of the change is one the engine is writing. */
  covers(change: StorageChange): boolean {
    return change.ids.length > 0 && change.ids.every((id) => this.writing.has(`${change.area}\u0000${id}`));
  }
}
