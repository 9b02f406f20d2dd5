import { LatestBackupResponseSchema } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { BackupScheduler } from '../src/sync/backup-scheduler';
import { BackupService } from '../src/sync/backup-service';
import { forEachDatabase } from './db-harness';
import { chatJson, syncTestApp } from './sync-test-kit';

const HOUR = 60 * 60 * 1000;

describe('scheduled backups', () => {
  forEachDatabase((t) => {
    it('SY12 each changed account gets a daily point-in-time backup, the newest seven kept, each only for its owner', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const adaToken = (await kit.signup('ada@example.com')).token;
      const bobToken = (await kit.signup('bob@example.com')).token;
      const ada = kit.device(adaToken);
      const bob = kit.device(bobToken);
      let next = 0;
      const scheduler = new BackupScheduler(
        new BackupService(database.db, () => kit.clock.now),
        { intervalHours: 24, retention: 7 },
        () => `bk-${String(++next).padStart(2, '0')}`,
      );

      await ada.sync({ chats: [chatJson('ch-1', 0)] });
      await bob.sync({ chats: [chatJson('ch-bob', 0)] });
      expect(await scheduler.runOnce()).toBe(2);
      // Nothing changed, or not a day yet: no new backup.
      kit.clock.now += 2 * HOUR;
      expect(await scheduler.runOnce()).toBe(0);
      await ada.sync({ chats: [chatJson('ch-2', 1)] });
      expect(await scheduler.runOnce()).toBe(0);
      kit.clock.now += 24 * HOUR;
      expect(await scheduler.runOnce()).toBe(1);

      // Ten more changed days: seven kept.
      for (let day = 0; day < 10; day++) {
        kit.clock.now += 24 * HOUR;
        await ada.sync({ chats: [chatJson(`ch-day-${String(day)}`, 2)] });
        await scheduler.runOnce();
      }
      const listed = await kit.call('GET', '/api/backups/history', { token: adaToken });
      expect(listed.status).toBe(200);
      const backups = (listed.json as { backups: { id: string; counts: { chats: number } }[] }).backups;
      expect(backups).toHaveLength(7);
      expect(backups[0]?.counts.chats).toBe(12);

      // One backup with its data, in the shape of the latest manual one.
      const oldest = backups.at(-1)!;
      const one = LatestBackupResponseSchema.parse(
        (await kit.call('GET', `/api/backups/history/${oldest.id}`, { token: adaToken })).json,
      ).backup!;
      expect(one.data.chats.length).toBe(oldest.counts.chats);

      // Bob sees only his own, and Ada's id answers like a missing one.
      const bobList = (await kit.call('GET', '/api/backups/history', { token: bobToken })).json as {
        backups: unknown[];
      };
      expect(bobList.backups).toHaveLength(1);
      expect((await kit.call('GET', `/api/backups/history/${oldest.id}`, { token: bobToken })).json).toEqual({
        backup: null,
      });
      expect((await kit.call('GET', '/api/backups/history')).status).toBe(401);
    });

    it('SY12 an interval of 0 hours turns scheduled backups off', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const ada = kit.device((await kit.signup('ada@example.com')).token);
      await ada.sync({ chats: [chatJson('ch-1', 0)] });
      const scheduler = new BackupScheduler(
        new BackupService(database.db, () => kit.clock.now),
        { intervalHours: 0, retention: 7 },
        () => 'never',
      );
      expect(await scheduler.runOnce()).toBe(0);
    });
  });
});
