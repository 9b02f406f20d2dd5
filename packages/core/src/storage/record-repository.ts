import { EPOCH_ISO } from '../entities';
import type { EntityParser } from '../entities';
import { StorageError } from './storage-error';
import type { ListOptions, PutOptions, RecordRepository } from './storage-port';
import type { StoreContext, TimestampedRecord } from './store-context';
import type { StorageArea } from './storage-tables';

/**
 * Stamps a record for a local edit: updatedAt is now, and a record that never had a creation time
 * gets one.
 */
export function touchRecord<T extends TimestampedRecord>(record: T, now: string): T {
  return { ...record, updatedAt: now, createdAt: record.createdAt === EPOCH_ISO ? now : record.createdAt };
}

function byCreation(a: TimestampedRecord, b: TimestampedRecord): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The repository of a simple record kind stored in the table of the same name (folders, prompts,
 * characters, plugins, profiles, memory entries). Lists are ordered by creation time.
 */
export function createRecordRepository<T extends TimestampedRecord>(
  ctx: StoreContext,
  table: Exclude<StorageArea, 'chats' | 'usage' | 'attachments' | 'settings'>,
  parser: EntityParser<T>,
): RecordRepository<T> {
  const prepare = (record: T, touch: boolean): T => {
    const parsed = ctx.encode(table, record, parser);
    return touch ? touchRecord(parsed, ctx.now()) : parsed;
  };

  async function list(options: ListOptions = {}): Promise<T[]> {
    const rows = await ctx.read(`list ${table}`, () => ctx.engine.getAll(table));
    return rows
      .map((row) => ctx.decode(table, row.id, row.value, parser))
      .filter((record) => options.includeDeleted || record.deletedAt === null)
      .sort(byCreation);
  }

  return {
    async get(id) {
      const raw = await ctx.read(`read ${table}/${id}`, () => ctx.engine.get(table, id));
      return raw === undefined ? undefined : ctx.decode(table, id, raw, parser);
    },
    list,
    async put(record, options: PutOptions = {}) {
      const stored = prepare(record, options.touch ?? true);
      return ctx.write(`save ${table}/${stored.id}`, table, [table], async (tx) => {
        await tx.put(table, stored.id, stored);
        return { ids: [stored.id], result: stored };
      });
    },
    async putMany(records, options: PutOptions = {}) {
      // Everything is parsed before the transaction starts, so a bad record writes nothing.
      const stored = records.map((record) => prepare(record, options.touch ?? false));
      return ctx.write(`save ${stored.length} ${table}`, table, [table], async (tx) => {
        for (const record of stored) await tx.put(table, record.id, record);
        return { ids: stored.map((record) => record.id), result: stored };
      });
    },
    async delete(id) {
      return ctx.write(`delete ${table}/${id}`, table, [table], async (tx) => {
        const raw = await tx.get(table, id);
        if (raw === undefined) throw new StorageError('not_found', `${table}/${id} does not exist`);
        const now = ctx.now();
        const tombstone = { ...ctx.decode(table, id, raw, parser), deletedAt: now, updatedAt: now };
        await tx.put(table, id, tombstone);
        return { ids: [id], result: tombstone };
      });
    },
    async purge(id) {
      await ctx.write(`purge ${table}/${id}`, table, [table], async (tx) => {
        const existed = (await tx.get(table, id)) !== undefined;
        if (existed) await tx.delete(table, id);
        return { ids: existed ? [id] : [], result: undefined };
      });
    },
    async count(options) {
      return (await list(options)).length;
    },
  };
}
