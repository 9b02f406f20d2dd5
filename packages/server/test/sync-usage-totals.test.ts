import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../src/db';
import { migrations } from '../src/db/migrations';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp, type SyncTestApp } from './sync-test-kit';

const HOUR = 60 * 60 * 1000;

function chats(prefix: string, count: number) {
  return Array.from({ length: count }, (_, n) =>
    chatJson(`${prefix}-${n}`, n % 60, {
      messages: [0, 1].map((m) => messageJson(`${prefix}-m-${n}-${m}`, m, { content: 'words '.repeat(40) })),
    }),
  );
}

/** The running totals on the account's row next to the sums of what it really holds. */
async function totals(database: OpenDatabase, userId: string) {
  const { db } = database;
  const user = await db
    .selectFrom('users')
    .select(['total_usage_bytes', 'buffered_bytes'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const sum = async (table: 'sync_records' | 'sync_buffers') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size_bytes'), eb.lit(0)).as('bytes'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).bytes,
    );
  return {
    usage: Number(user.total_usage_bytes),
    records: await sum('sync_records'),
    buffered: Number(user.buffered_bytes),
    buffers: await sum('sync_buffers'),
  };
}

async function expectTotalsExact(database: OpenDatabase, userId: string) {
  const now = await totals(database, userId);
  expect(now.usage).toBe(now.records);
  expect(now.buffered).toBe(now.buffers);
  return now;
}

async function append(kit: SyncTestApp, token: string, body: Record<string, unknown>) {
  return kit.call('POST', '/api/sync-buffer', { token, body });
}

describe('SY7 usage and buffered bytes are running totals on the account row', () => {
  forEachDatabase((t) => {
    it('SY7 both totals equal the real sums after uploads, syncs, deletions, a consumed buffer and expired ones', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token, userId } = await kit.signup('ada@example.com');
      const device = kit.device(token);

      const first = await append(kit, token, { chats: chats('a', 3) });
      const bufferID = first.json.syncBufferID as string;
      expect((await append(kit, token, { chats: chats('b', 2), bufferID })).status).toBe(200);
      const other = await append(kit, token, { chats: chats('c', 4) });
      expect(other.status).toBe(200);
      const uploaded = await expectTotalsExact(database, userId);
      expect(uploaded.buffered).toBeGreaterThan(0);
      expect(uploaded.usage).toBe(0);

      // Consuming one buffer stores its chats and takes exactly its bytes off the buffered total.
      await device.sync({ chats: chats('d', 1) }, { syncBufferID: bufferID });
      const consumed = await expectTotalsExact(database, userId);
      expect(consumed.buffered).toBeGreaterThan(0); // the other buffer is still there
      expect(consumed.buffered).toBeLessThan(uploaded.buffered);
      expect(consumed.usage).toBeGreaterThan(0);

      // Edits and deletions move the usage by exactly the change.
      await device.sync({ chats: [chatJson('a-0', 59, { chatTitle: 'Renamed' })], deletedChatIDs: ['a-1'] });
      await expectTotalsExact(database, userId);

      // The other buffer expires; the next sync's sweep removes it and its bytes.
      kit.clock.now += 2 * HOUR;
      await device.sync();
      const swept = await expectTotalsExact(database, userId);
      expect(swept.buffered).toBe(0);
      expect(await database.db.selectFrom('sync_buffer_chunks').selectAll().execute()).toEqual([]);
    });

    it('SY7 an append refused by the quota, or to an unknown buffer, leaves the buffered total as it was', async () => {
      const database = t.database();
      const kit = syncTestApp(database, { userLimitUsageBytes: 6_000 });
      const { token, userId } = await kit.signup('ada@example.com');
      expect((await append(kit, token, { chats: chats('a', 2) })).status).toBe(200);
      const before = await expectTotalsExact(database, userId);
      expect((await append(kit, token, { chats: chats('b', 20) })).status).toBe(413);
      expect(await expectTotalsExact(database, userId)).toEqual(before);
      const unknown = await append(kit, token, { chats: chats('c', 1), bufferID: 'AAAAAAAAAAAAAAAAAAAAAA' });
      expect(unknown.status).toBe(404);
      expect(await expectTotalsExact(database, userId)).toEqual(before);
    });

    it('SY7 live buffers still count together against the quota, expired ones not at all', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token, userId } = await kit.signup('ada@example.com');
      expect((await append(kit, token, { chats: chats('a', 3) })).status).toBe(200);
      expect((await append(kit, token, { chats: chats('b', 3) })).status).toBe(200);
      const two = (await expectTotalsExact(database, userId)).buffered;
      // Room for the two buffers and half of a third: a third fits alone but not beside them.
      await database.db
        .updateTable('users')
        .set({ limit_usage_bytes: Math.round(two * 1.25) })
        .where('id', '=', userId)
        .execute();
      expect((await append(kit, token, { chats: chats('c', 3) })).status).toBe(413);
      // Once they expired (not swept yet: no sync ran), they no longer count.
      kit.clock.now += 2 * HOUR;
      expect((await append(kit, token, { chats: chats('c', 3) })).status).toBe(200);
      await expectTotalsExact(database, userId); // expired ones stay in the total until swept
    });

    it('SY7 the migration fills each account buffered total from the buffers it holds', async () => {
      const database = t.database();
      const { db } = database;
      const kit = syncTestApp(database);
      const ada = await kit.signup('ada@example.com');
      const bob = await kit.signup('bob@example.com');
      const eve = await kit.signup('eve@example.com');
      // The database as it was before the running total.
      await db.schema.dropIndex('sync_buffers_user').execute();
      await db.schema.alterTable('users').dropColumn('buffered_bytes').execute();
      const buffer = (id: string, userId: string, size: number, expiresAt: number) =>
        sql`insert into sync_buffers (id, user_id, created_at, expires_at, size_bytes)
          values (${id}, ${userId}, 1, ${expiresAt}, ${size})`.execute(db);
      await buffer('b1', ada.userId, 1_000, kit.clock.now + HOUR);
      await buffer('b2', ada.userId, 2_500, kit.clock.now - HOUR); // expired, not swept yet
      await buffer('b3', bob.userId, 700, kit.clock.now + HOUR);

      // Its own step only: later migrations ran already, and the migrator runs none out of order.
      await migrations['2026_11_28_0001_buffered_bytes']!.up(db);
      const filled = await db
        .selectFrom('users')
        .select(['email', 'buffered_bytes'])
        .orderBy('email')
        .execute();
      expect(filled.map((row) => [row.email, Number(row.buffered_bytes)])).toEqual([
        ['ada@example.com', 3_500],
        ['bob@example.com', 700],
        ['eve@example.com', 0],
      ]);
      await expectTotalsExact(database, ada.userId);
      await expectTotalsExact(database, eve.userId);
    });
  });
});
