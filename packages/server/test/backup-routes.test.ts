import { LatestBackupResponseSchema } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp } from './sync-test-kit';

describe('manual backups', () => {
  forEachDatabase((t) => {
    it('SY11 a backup snapshots the live records and settings of the caller only, replacing the last', async () => {
      const kit = syncTestApp(t.database());
      const adaToken = (await kit.signup('ada@example.com')).token;
      const bobToken = (await kit.signup('bob@example.com')).token;
      const ada = kit.device(adaToken);
      const bob = kit.device(bobToken);
      await ada.sync({
        chats: [chatJson('ch-1', 0, { messages: [messageJson('m1', 0)] }), chatJson('ch-2', 1)],
        folders: [{ id: 'f-1', title: 'Work', updatedAt: '2026-03-01T09:00:00.000Z' }],
        userSettings: { preferences: { updatedAt: '2026-03-01T09:00:00.000Z', data: { fontSize: 'large' } } },
      });
      await ada.sync({ deletedChatIDs: ['ch-2'] });
      await bob.sync({ chats: [chatJson('ch-bob', 0)] });

      expect((await kit.call('GET', '/api/backups/latest', { token: adaToken })).json).toEqual({
        backup: null,
      });
      kit.clock.now += 60_000;
      const created = await kit.call('POST', '/api/backups', { token: adaToken, body: {} });
      expect(created.status).toBe(200);
      expect(created.json.backup).toMatchObject({
        createdAt: '2026-03-01T10:01:00.000Z',
        counts: { chats: 1, folders: 1, prompts: 0, characters: 0, plugins: 0 },
      });

      const latest = LatestBackupResponseSchema.parse(
        (await kit.call('GET', '/api/backups/latest', { token: adaToken })).json,
      ).backup!;
      expect(latest.data.chats.map((chat) => [chat.id, chat.messages.length])).toEqual([['ch-1', 1]]);
      expect(latest.data.folders.map((folder) => folder.title)).toEqual(['Work']);
      expect(latest.data.userSettings.preferences?.data.fontSize).toBe('large');

      // A second backup replaces the first.
      await ada.sync({ chats: [chatJson('ch-3', 2)] });
      await kit.call('POST', '/api/backups', { token: adaToken, body: {} });
      const again = LatestBackupResponseSchema.parse(
        (await kit.call('GET', '/api/backups/latest', { token: adaToken })).json,
      ).backup!;
      expect(again.data.chats.map((chat) => chat.id).sort()).toEqual(['ch-1', 'ch-3']);

      // Bob never sees Ada's backup.
      expect((await kit.call('GET', '/api/backups/latest', { token: bobToken })).json).toEqual({
        backup: null,
      });
    });

    it('SY11 backups need a cloud token and are off with SYNC_DISABLED', async () => {
      const kit = syncTestApp(t.database());
      expect((await kit.call('POST', '/api/backups', { body: {} })).status).toBe(401);
      expect((await kit.call('GET', '/api/backups/latest')).status).toBe(401);
      const off = syncTestApp(t.database(), { disabled: true });
      const { token } = await off.signup('ada@example.com');
      expect((await off.call('POST', '/api/backups', { token, body: {} })).status).toBe(503);
    });
  });
});
