import { usageRecordEntity } from '../entities';
import type { UsageRecord } from '../entities';
import type { UsageRange, UsageRepository } from './storage-port';
import type { StoreContext } from './store-context';

const USAGE_ID_PREFIX = 'usage-';

function inRange(record: UsageRecord, range: UsageRange): boolean {
  if (range.from !== undefined && record.recordedAt < range.from) return false;
  if (range.to !== undefined && record.recordedAt >= range.to) return false;
  return true;
}

/** Usage records are append-only: no edits, no tombstones (they are never synced). */
export function createUsageRepository(ctx: StoreContext): UsageRepository {
  return {
    async append(input) {
      const now = ctx.now();
      const record = ctx.encode(
        'usage',
        {
          recordedAt: now,
          ...input,
          id: input.id ?? `${USAGE_ID_PREFIX}${ctx.ids.randomId()}`,
          // An imported record keeps its time (IM33); a new one is written now.
          updatedAt: input.updatedAt ?? now,
        },
        usageRecordEntity,
      );
      return ctx.write(`record usage ${record.id}`, 'usage', ['usage'], async (tx) => {
        await tx.put('usage', record.id, record);
        return { ids: [record.id], result: record };
      });
    },
    async query(range = {}) {
      const rows = await ctx.read('list usage', () => ctx.engine.getAll('usage'));
      return rows
        .map((row) => ctx.decode('usage', row.id, row.value, usageRecordEntity))
        .filter((record) => inRange(record, range))
        .sort((a, b) => (a.recordedAt < b.recordedAt ? -1 : a.recordedAt > b.recordedAt ? 1 : 0));
    },
    async purge(id) {
      await ctx.write(`purge usage ${id}`, 'usage', ['usage'], async (tx) => {
        const existed = (await tx.get('usage', id)) !== undefined;
        if (existed) await tx.delete('usage', id);
        return { ids: existed ? [id] : [], result: undefined };
      });
    },
    async count() {
      return (await ctx.read('count usage', () => ctx.engine.getAll('usage'))).length;
    },
  };
}
