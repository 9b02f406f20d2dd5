import { sameJson } from '@parley/core/sync';
import type { Transaction } from 'kysely';
import type { Database } from '../db';
import { compiledOnce } from '../db/compiled-query';
import type { KindRules, SyncItem } from './sync-kinds';

export const SYNC_BATCH_SIZE = 500;

/** A record whose merged version differs from what the client sent: it goes back (SY3). */
export type Echo = { kind: KindRules['kind']; id: string; text: string; deleted: boolean };

type Entry = { id: string; incoming?: SyncItem };
type Current = { value: SyncItem; text: string };

export const recordKey = (kind: string, id: string) => `${kind}\u0000${id}`;

/**
 * Writes what one sync brought, inside its transaction: each item is merged with the stored row
 * (SY2), rows that changed are stamped with the sync's stamp, and the change in stored bytes is
 * added up for the quota (SY7). Works in batches so a large upload never sits in memory whole.
 */
export class SyncWriter {
  /** Keys of every record the client sent or deleted in this sync. */
  readonly sent = new Set<string>();
  readonly echoes = new Map<string, Echo>();
  sizeDelta = 0;
  /** Rows this sync stored anew or changed: none, and no other device has anything to hear (SY17). */
  rowsChanged = 0;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly userId: string,
    private readonly stamp: number,
  ) {}

  private get stampIso(): string {
    return new Date(this.stamp).toISOString();
  }

  async writeItems(rules: KindRules, items: readonly SyncItem[]): Promise<void> {
    for (let start = 0; start < items.length; start += SYNC_BATCH_SIZE) {
      await this.writeBatch(
        rules,
        items.slice(start, start + SYNC_BATCH_SIZE).map((item) => ({ id: item.id, incoming: item })),
      );
    }
  }

  /** Deletions by id become tombstones stamped with the server clock (SY4). */
  async writeDeletions(rules: KindRules, ids: readonly string[]): Promise<void> {
    for (let start = 0; start < ids.length; start += SYNC_BATCH_SIZE) {
      await this.writeBatch(
        rules,
        ids.slice(start, start + SYNC_BATCH_SIZE).map((id) => ({ id })),
      );
    }
  }

  private async writeBatch(rules: KindRules, entries: readonly Entry[]): Promise<void> {
    const ids = [...new Set(entries.map((entry) => entry.id))];
    const rows = await storedRecords(this.trx, this.userId, rules.kind, ids);
    const storedSize = new Map(rows.map((row) => [row.item_id, Number(row.size_bytes)]));
    const current = new Map<string, Current>(
      rows.map((row) => [
        row.item_id,
        { value: rules.parseStored(JSON.parse(row.data), row.item_id), text: row.data },
      ]),
    );
    const changed = new Map<string, Current>();

    for (const { id, incoming } of entries) {
      const before = current.get(id);
      const merged = incoming
        ? before
          ? rules.merge(before.value, incoming)
          : rules.normalise(incoming)
        : rules.tombstone(before?.value, id, this.stampIso);
      const stored = rules.storable(merged);
      // Structural comparisons first: most syncs change little, and text is only built for writes.
      let text = before?.text;
      if (!before || !sameJson(rules.storable(before.value), stored)) {
        text = JSON.stringify(stored);
        current.set(id, { value: merged, text });
        changed.set(id, { value: merged, text });
      }
      const key = recordKey(rules.kind, id);
      this.sent.add(key);
      const clientHasIt = !incoming || sameJson(rules.storable(incoming), stored);
      if (!clientHasIt || this.echoes.has(key)) {
        this.echoes.set(key, {
          kind: rules.kind,
          id,
          text: text ?? JSON.stringify(stored),
          deleted: typeof merged.deletedAt === 'string',
        });
      }
    }
    await this.upsert(rules, changed, storedSize);
  }

  private async upsert(rules: KindRules, changed: Map<string, Current>, storedSize: Map<string, number>) {
    if (changed.size === 0) return;
    this.rowsChanged += changed.size;
    const rows: RecordRows = { ids: [], data: [], updatedAt: [], deletedAt: [], sizes: [] };
    for (const [id, { value, text }] of changed) {
      const size = Buffer.byteLength(text);
      this.sizeDelta += size - (storedSize.get(id) ?? 0);
      rows.ids.push(id);
      rows.data.push(text);
      rows.updatedAt.push(Date.parse(value.updatedAt));
      rows.deletedAt.push(typeof value.deletedAt === 'string' ? Date.parse(value.deletedAt) : null);
      rows.sizes.push(size);
    }
    await upsertRecords(this.trx, this.userId, rules.kind, this.stamp, rows);
  }
}

/** The stored rows of some records of one kind (a sync's usual batch is one chat: compiled once). */
const storedRecords = compiledOnce((db, userId: string, kind: string, ids: readonly string[]) =>
  db
    .selectFrom('sync_records')
    .select(['item_id', 'data', 'size_bytes'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('item_id', 'in', ids),
);

/** Rows to write, column by column (lists of one length). */
type RecordRows = {
  ids: string[];
  data: string[];
  updatedAt: number[];
  deletedAt: (number | null)[];
  sizes: number[];
};

const upsertRecords = (
  db: Transaction<Database>,
  userId: string,
  kind: string,
  stamp: number,
  rows: RecordRows,
) => upsertColumns(db, userId, kind, stamp, rows.ids, rows.data, rows.updatedAt, rows.deletedAt, rows.sizes);

const upsertColumns = compiledOnce(
  (
    db,
    userId: string,
    kind: string,
    stamp: number,
    ids: readonly string[],
    data: readonly string[],
    updatedAt: readonly number[],
    deletedAt: readonly (number | null)[],
    sizes: readonly number[],
  ) =>
    db
      .insertInto('sync_records')
      .values(
        ids.map((id, index) => ({
          user_id: userId,
          kind,
          item_id: id,
          data: data[index]!,
          updated_at: updatedAt[index]!,
          deleted_at: deletedAt[index] ?? null,
          server_updated_at: stamp,
          size_bytes: sizes[index]!,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'kind', 'item_id']).doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          updated_at: eb.ref('excluded.updated_at'),
          deleted_at: eb.ref('excluded.deleted_at'),
          server_updated_at: eb.ref('excluded.server_updated_at'),
          size_bytes: eb.ref('excluded.size_bytes'),
        })),
      ),
);
