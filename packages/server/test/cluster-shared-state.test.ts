import { describe, expect, it } from 'vitest';
import { databaseRateLimits } from '../src/cluster/database-rate-limits';
import { claimOncePer, jobLease, takeLease } from '../src/cluster/lease';
import { openDatabase, type OpenDatabase } from '../src/db';
import { createByteBudget } from '../src/http/rate-limit';
import { BackupScheduler } from '../src/sync/backup-scheduler';
import { BackupService } from '../src/sync/backup-service';
import { forEachDatabase } from './db-harness';
import { chatJson, syncTestApp } from './sync-test-kit';

/**
 * What several server processes share through the database (src/cluster/SPEC.md). "Another
 * process" is a second connection of its own to the same database, as a second process would open.
 */
describe('state shared by server processes', () => {
  forEachDatabase((t) => {
    async function withSecondConnection(run: (second: OpenDatabase) => Promise<void>) {
      const second = openDatabase(t.config());
      try {
        await run(second);
      } finally {
        await second.close();
      }
    }

    it('CL2 attempts counted through two connections meet the limit together, per key and per limit, and a new window starts over', async () => {
      const clock = { now: 1_000_000 };
      await withSecondConnection(async (second) => {
        const a = databaseRateLimits(t.database().db, () => clock.now).limiter('auth-login', {
          limit: 4,
          windowMs: 60_000,
        });
        const b = databaseRateLimits(second.db, () => clock.now).limiter('auth-login', {
          limit: 4,
          windowMs: 60_000,
        });
        const hits = [a, b, a, b].map((limiter) => limiter.hit('203.0.113.7'));
        expect((await Promise.all(hits)).every((decision) => decision.allowed)).toBe(true);
        clock.now += 15_000;
        expect(await b.hit('203.0.113.7')).toEqual({ allowed: false, retryAfterSeconds: 45 });
        expect(await a.hit('203.0.113.7')).toEqual({ allowed: false, retryAfterSeconds: 45 });
        // Another address, and another limit on the same address, count on their own.
        expect(await a.hit('203.0.113.8')).toEqual({ allowed: true });
        const signup = databaseRateLimits(second.db, () => clock.now).limiter('auth-signup', {
          limit: 4,
          windowMs: 60_000,
        });
        expect(await signup.hit('203.0.113.7')).toEqual({ allowed: true });
        clock.now += 45_000;
        expect(await b.hit('203.0.113.7')).toEqual({ allowed: true });
      });
    });

    it('CL2 many attempts at once from two connections let exactly the limit through', async () => {
      await withSecondConnection(async (second) => {
        const options = { limit: 10, windowMs: 60_000 };
        const a = databaseRateLimits(t.database().db).limiter('share-reads', options);
        const b = databaseRateLimits(second.db).limiter('share-reads', options);
        const decisions = await Promise.all(
          Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).hit('198.51.100.1')),
        );
        expect(decisions.filter((decision) => decision.allowed)).toHaveLength(10);
      });
    });

    it('CL3 the bytes-a-second budget is shared: it decides as the in-memory one does, whichever connection spends', async () => {
      const clock = { now: 5_000_000 };
      const memory = createByteBudget({ bytesPerSecond: 1000, clock: () => clock.now });
      await withSecondConnection(async (second) => {
        const a = databaseRateLimits(t.database().db, () => clock.now).byteBudget('share-bytes', {
          bytesPerSecond: 1000,
        });
        const b = databaseRateLimits(second.db, () => clock.now).byteBudget('share-bytes', {
          bytesPerSecond: 1000,
        });
        // [ms later, bytes, who spends]
        const steps: [number, number, typeof a][] = [
          [0, 600, a],
          [0, 600, b], // allowed: not in debt yet; now 200 in debt
          [0, 10, a], // refused: in debt, retry after 1 s
          [100, 10, b], // 100 ms refill 100: still in debt (-100)
          [250, 2500, a], // refill 250: +150, allowed; 2350 in debt
          [1000, 1, b], // refill 1000: -1350, refused, 2 s
          [3000, 1, a], // full again
        ];
        for (const [later, bytes, budget] of steps) {
          clock.now += later;
          const expected = memory.spend(bytes);
          expect(await budget.spend(bytes), `${String(later)} ms, ${String(bytes)} bytes`).toEqual(expected);
        }
      });
    });

    it('CL4 a lease has one holder; it renews its own, gives it back, and a holder that stops renewing loses it when it runs out', async () => {
      const db = t.database().db;
      await withSecondConnection(async (second) => {
        expect(await takeLease(db, 'scheduled-backups', 'process-a', 1000, 60_000)).toBe(true);
        expect(await takeLease(second.db, 'scheduled-backups', 'process-b', 2000, 60_000)).toBe(false);
        // A renews: the lease now runs to 90,000.
        expect(await takeLease(db, 'scheduled-backups', 'process-a', 30_000, 60_000)).toBe(true);
        expect(await takeLease(second.db, 'scheduled-backups', 'process-b', 61_000, 60_000)).toBe(false);
        // A is killed and renews nothing: once its time is up, B takes over.
        expect(await takeLease(second.db, 'scheduled-backups', 'process-b', 90_000, 60_000)).toBe(true);
        expect(await takeLease(db, 'scheduled-backups', 'process-a', 91_000, 60_000)).toBe(false);
        // Released by its holder only.
        await jobLease(db, 'scheduled-backups', 'process-a', 60_000, () => 92_000).release();
        expect(await takeLease(db, 'scheduled-backups', 'process-a', 92_000, 60_000)).toBe(false);
        await jobLease(second.db, 'scheduled-backups', 'process-b', 60_000, () => 93_000).release();
        expect(await takeLease(db, 'scheduled-backups', 'process-a', 93_000, 60_000)).toBe(true);
      });
    });

    it('CL4 two processes run their backup pass at once: each due account is backed up once', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      for (const email of ['ada@example.com', 'bob@example.com', 'cy@example.com']) {
        const { token } = await kit.signup(email);
        await kit.device(token).sync({ chats: [chatJson(`ch-${email}`, 0)] });
      }
      await withSecondConnection(async (second) => {
        let next = 0;
        const scheduler = (db: OpenDatabase, holder: string) =>
          new BackupScheduler(
            new BackupService(db.db, () => kit.clock.now),
            { intervalHours: 24, retention: 7 },
            () => `bk-${String(++next)}`,
            undefined,
            jobLease(db.db, 'scheduled-backups', holder, 5 * 60_000, () => kit.clock.now),
          );
        const taken = await Promise.all([
          scheduler(database, 'process-a').runOnce(),
          scheduler(second, 'process-b').runOnce(),
        ]);
        expect(taken.reduce((sum, count) => sum + count, 0)).toBe(3);
        expect(taken).toContain(0);
        const rows = await database.db.selectFrom('sync_backup_history').select('user_id').execute();
        expect(rows).toHaveLength(3);
        // The lease was given back: the next pass may run in either process.
        const held = database.db
          .selectFrom('cluster_leases')
          .selectAll()
          .where('name', '=', 'scheduled-backups');
        expect(await held.execute()).toEqual([]);
      });
    });

    it('CL5 one claim per period across processes, whoever asks', async () => {
      const db = t.database().db;
      await withSecondConnection(async (second) => {
        const claims = await Promise.all([
          claimOncePer(db, 'blob-sweep:u1', 'claim-1', 1000, 3_600_000),
          claimOncePer(second.db, 'blob-sweep:u1', 'claim-2', 1000, 3_600_000),
          claimOncePer(db, 'blob-sweep:u1', 'claim-3', 1000, 3_600_000),
        ]);
        expect(claims.filter(Boolean)).toHaveLength(1);
        expect(await claimOncePer(second.db, 'blob-sweep:u2', 'claim-4', 1000, 3_600_000)).toBe(true);
        expect(await claimOncePer(db, 'blob-sweep:u1', 'claim-5', 3_600_999, 3_600_000)).toBe(false);
        expect(await claimOncePer(db, 'blob-sweep:u1', 'claim-6', 3_601_000, 3_600_000)).toBe(true);
      });
    });
  });
});
