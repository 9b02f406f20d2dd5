import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isUniqueViolation, migrateToLatest, migrations } from '../src/db';
import { forEachDatabase } from './db-harness';

const license = {
  id: 'lic-1',
  key_hash: 'hash-1',
  key_hint: 'AB12',
  plan: 'standard',
  max_devices: 5,
  max_users: 1,
  created_at: 1_800_000_000_000,
  revoked_at: null,
};

const device = (id: string, unlinkedAt: number | null = null) => ({
  id,
  license_id: 'lic-1',
  device_id: 'device-1',
  device_name: 'Laptop',
  activated_at: 1_800_000_000_001,
  last_seen_at: 1_800_000_000_002,
  unlinked_at: unlinkedAt,
});

describe('migrations', () => {
  it('are named by timestamp and listed in order', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    for (const name of names) expect(name).toMatch(/^\d{4}_\d{2}_\d{2}_\d{4}_[a-z_]+$/);
  });
});

forEachDatabase((t) => {
  it('creates every table, and running again applies nothing', async () => {
    const { db } = t.database();
    expect(await migrateToLatest(t.database())).toEqual([]);
    for (const table of ['users', 'auth_tokens', 'licenses', 'license_devices'] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      expect(rows).toEqual([]);
    }
  });

  it('reads bigint epoch-ms timestamps and byte counts back as numbers', async () => {
    const { db } = t.database();
    await db
      .insertInto('users')
      .values({ id: 'u1', email: 'a@example.com', password_hash: 'x', created_at: 1_800_000_000_123 })
      .execute();
    const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user).toEqual({
      id: 'u1',
      email: 'a@example.com',
      password_hash: 'x',
      created_at: 1_800_000_000_123,
      limit_usage_bytes: 104_857_600,
      total_usage_bytes: 0,
      buffered_bytes: 0,
      role: 'member',
      deactivated_at: null,
      display_name: null,
    });
    const { count } = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(1);
  });

  it('enforces unique emails and key hashes, reported by isUniqueViolation', async () => {
    const { db } = t.database();
    const user = { id: 'u1', email: 'a@example.com', password_hash: 'x', created_at: 1 };
    await db.insertInto('users').values(user).execute();
    const duplicate = await db
      .insertInto('users')
      .values({ ...user, id: 'u2' })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);

    await db.insertInto('licenses').values(license).execute();
    const sameKey = await db
      .insertInto('licenses')
      .values({ ...license, id: 'lic-2' })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(sameKey)).toBe(true);
    expect(isUniqueViolation(new Error('other'))).toBe(false);
  });

  it('allows one live link per device and license, any number of ended ones', async () => {
    const { db } = t.database();
    await db.insertInto('licenses').values(license).execute();
    await db.insertInto('license_devices').values(device('a1', 5)).execute();
    await db.insertInto('license_devices').values(device('a2', 6)).execute();
    await db.insertInto('license_devices').values(device('a3')).execute();
    const second = await db
      .insertInto('license_devices')
      .values(device('a4'))
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(second)).toBe(true);
  });

  it('enforces foreign keys and cascades deletes', async () => {
    const { db } = t.database();
    const orphan = await db
      .insertInto('auth_tokens')
      .values({ token_hash: 'h', user_id: 'missing', created_at: 1, revoked_at: null })
      .execute()
      .then(
        () => 'inserted',
        () => 'refused',
      );
    expect(orphan).toBe('refused');

    await db.insertInto('licenses').values(license).execute();
    await db.insertInto('license_devices').values(device('a1')).execute();
    await db.deleteFrom('licenses').execute();
    expect(await db.selectFrom('license_devices').selectAll().execute()).toEqual([]);
  });

  it('runs transactions that roll back on error', async () => {
    const { db } = t.database();
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('licenses').values(license).execute();
        throw new Error('abort');
      })
      .catch(() => undefined);
    const rows = await sql<{ n: number }>`select count(*) as n from licenses`.execute(db);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });
});
