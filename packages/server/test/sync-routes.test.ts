import { syncMessages, type SyncResponse } from '@parley/core/sync';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp } from './sync-test-kit';

const titles = (res: SyncResponse) => res.updatedChats.map((chat) => chat.chatTitle);
const messageIds = (res: SyncResponse, chatId: string) =>
  res.updatedChats.find((chat) => chat.id === chatId)?.messages.map((m) => m.id);

describe('sync round trips', () => {
  forEachDatabase((t) => {
    it('SY2 SY3 MG1 MG4 two devices of one user converge on a chat both changed, in one round trip each', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const laptop = kit.device(token);
      const phone = kit.device(await kit.login('ada@example.com'));

      const first = await laptop.sync({
        chats: [chatJson('ch-1', 0, { messages: [messageJson('m1', 0)] })],
        folders: [{ id: 'f-1', title: 'Work', updatedAt: '2026-03-01T09:00:00.000Z' }],
        userPrompts: [{ id: 'p-1', title: 'Summarise', content: 'Summarise {{text}}' }],
        userSettings: { preferences: { updatedAt: '2026-03-01T09:00:00.000Z', data: { fontSize: 'large' } } },
      });
      // Nothing the laptop sent came back changed: nothing to hear.
      expect(first.updatedChats).toEqual([]);
      expect(first.lastSyncAt).toBe('2026-03-01T10:00:00.000Z');

      kit.clock.now += 1000;
      const pulled = await phone.sync();
      expect(titles(pulled)).toEqual(['Chat ch-1']);
      expect(pulled.updatedFolders.map((f) => f.title)).toEqual(['Work']);
      expect(pulled.updatedPrompts.map((p) => p.content)).toEqual(['Summarise {{text}}']);
      expect(pulled.updatedUserSettings.preferences?.data.fontSize).toBe('large');

      // Both devices change the chat before hearing from the other.
      const base = pulled.updatedChats[0]!;
      await laptop.sync({
        chats: [
          {
            ...base,
            updatedAt: '2026-03-01T09:05:00.000Z',
            messages: [...base.messages, messageJson('m2', 5)],
          },
        ],
      });
      const phoneAnswer = await phone.sync({
        chats: [
          {
            ...base,
            chatTitle: 'Renamed on phone',
            updatedAt: '2026-03-01T09:06:00.000Z',
            messages: [...base.messages, messageJson('m3', 6)],
          },
        ],
      });
      // The phone gets the merge of what it sent at once (SY3): both new messages, its title.
      expect(messageIds(phoneAnswer, 'ch-1')).toEqual(['m1', 'm2', 'm3']);
      expect(titles(phoneAnswer)).toEqual(['Renamed on phone']);

      const laptopAnswer = await laptop.sync();
      expect(messageIds(laptopAnswer, 'ch-1')).toEqual(['m1', 'm2', 'm3']);
      expect(laptopAnswer.updatedChats).toEqual(phoneAnswer.updatedChats);
      // Settled: neither device hears anything more.
      expect((await laptop.sync()).updatedChats).toEqual([]);
      expect((await phone.sync()).updatedChats).toEqual([]);
    });

    it('SY4 MG5 a deleted chat never comes back: not by a later edit, not by a full re-sync', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const laptop = kit.device(token);
      const phone = kit.device(await kit.login('ada@example.com'));
      await laptop.sync({
        chats: [chatJson('ch-1', 0, { messages: [messageJson('m1', 0)] }), chatJson('ch-2', 0)],
      });
      await phone.sync();

      kit.clock.now += 1000;
      await laptop.sync({ deletedChatIDs: ['ch-1'] });
      const edited = await phone.sync({
        chats: [chatJson('ch-1', 59, { chatTitle: 'edited after the delete' })],
      });
      expect(edited.deletedChatIDs).toEqual(['ch-1']);
      expect(edited.updatedChats).toEqual([]);

      phone.fullResync();
      const resync = await phone.sync({ chats: [chatJson('ch-1', 59), chatJson('ch-2', 0)] });
      expect(resync.deletedChatIDs).toEqual(['ch-1']);
      expect(resync.updatedChats).toEqual([]);

      const row = await t
        .database()
        .db.selectFrom('sync_records')
        .selectAll()
        .where('item_id', '=', 'ch-1')
        .executeTakeFirstOrThrow();
      expect(row.deleted_at).toBe(Date.parse('2026-03-01T10:00:01.000Z'));
      expect(JSON.parse(row.data).messages).toEqual([]);
    });

    it('SY4 MG6 a message tombstone wins over an edit on another device', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const laptop = kit.device(token);
      const phone = kit.device(token);
      await laptop.sync({
        chats: [chatJson('ch-1', 0, { messages: [messageJson('m1', 0), messageJson('m2', 1)] })],
      });
      await phone.sync();
      await laptop.sync({
        chats: [
          chatJson('ch-1', 10, {
            messages: [messageJson('m1', 0, { deletedAt: '2026-03-01T09:10:00.000Z' }), messageJson('m2', 1)],
          }),
        ],
      });
      const answer = await phone.sync({
        chats: [
          chatJson('ch-1', 20, {
            messages: [
              messageJson('m1', 0, { content: 'edited', updatedAt: '2026-03-01T09:20:00.000Z' }),
              messageJson('m2', 1),
            ],
          }),
        ],
      });
      const m1 = answer.updatedChats[0]!.messages[0] as { content: unknown; deletedAt?: string };
      expect(m1).toMatchObject({ content: null, deletedAt: '2026-03-01T09:10:00.000Z' });
    });

    it('SY1 PR1 lastSyncAt is the server clock and strictly increases per user even if the clock stands still', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const device = kit.device(token);
      const stamps = [];
      for (let n = 0; n < 3; n += 1)
        stamps.push((await device.sync({ chats: [chatJson(`ch-${n}`, n)] })).lastSyncAt);
      expect(stamps).toEqual([
        '2026-03-01T10:00:00.000Z',
        '2026-03-01T10:00:00.001Z',
        '2026-03-01T10:00:00.002Z',
      ]);
      kit.clock.now -= 60_000; // the server clock goes back
      expect((await device.sync()).lastSyncAt).toBe('2026-03-01T10:00:00.003Z');
    });

    it('SY1 a lastSyncAt this server never gave (from the future) is answered as a full re-sync', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      await kit.device(token).sync({ chats: [chatJson('ch-1', 0)] });
      const res = await kit.call('POST', '/api/sync', {
        token,
        body: { allData: {}, lastSyncAt: '2030-01-01T00:00:00.000Z' },
      });
      expect(res.status).toBe(200);
      expect((res.json.updatedChats as { id: string }[]).map((chat) => chat.id)).toEqual(['ch-1']);
    });

    it('MG7 MG11 records and settings sections are last-writer-wins; the loser hears the winner', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const laptop = kit.device(token);
      const phone = kit.device(token);
      await laptop.sync({
        folders: [{ id: 'f-1', title: 'newer', updatedAt: '2026-03-01T09:30:00.000Z' }],
        userSettings: {
          modelSettings: { updatedAt: '2026-03-01T09:30:00.000Z', data: { defaultModel: 'gpt-4' } },
        },
      });
      const answer = await phone.sync({
        folders: [{ id: 'f-1', title: 'older', updatedAt: '2026-03-01T09:10:00.000Z' }],
        userSettings: {
          modelSettings: { updatedAt: '2026-03-01T09:10:00.000Z', data: { defaultModel: 'claude-3-opus' } },
        },
      });
      expect(answer.updatedFolders.map((f) => f.title)).toEqual(['newer']);
      expect(answer.updatedUserSettings.modelSettings).toMatchObject({
        updatedAt: '2026-03-01T09:30:00.000Z',
        data: { defaultModel: 'gpt-4' },
      });
    });

    it('SY7 usage bytes follow what is stored: they grow with data and shrink when chats become tombstones', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const device = kit.device(token);
      const big = await device.sync({ chats: [chatJson('ch-1', 0, { documentText: 'x'.repeat(20_000) })] });
      expect(big.totalUsageBytes).toBeGreaterThan(20_000);
      expect(big.syncStats).toEqual({
        lastSyncAt: big.lastSyncAt,
        totalUsageBytes: big.totalUsageBytes,
        limitUsageBytes: 100 * 1024 * 1024,
        subscriptions: [],
        isPaid: false,
        apis: [],
      });
      const after = await device.sync({ deletedChatIDs: ['ch-1'] });
      expect(after.totalUsageBytes).toBeLessThan(2_000);
      const rows = await t.database().db.selectFrom('sync_records').select('size_bytes').execute();
      expect(after.totalUsageBytes).toBe(rows.reduce((sum, row) => sum + Number(row.size_bytes), 0));
    });

    it('SY2 example chats are never stored', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      await kit
        .device(token)
        .sync({ chats: [chatJson('ch-example', 0, { isExample: true }), chatJson('ch-real', 0)] });
      const ids = await t.database().db.selectFrom('sync_records').select('item_id').execute();
      expect(ids.map((row) => row.item_id)).toEqual(['ch-real']);
    });

    it('PR3 PR8 an invalid body is 400 with a userMessage, and nothing is stored', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const device = kit.device(token);
      const res = await device.raw({ allData: { chats: [chatJson('ch-1', 0), { chatTitle: 'no id' }] } });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        error: { code: 'bad_request:body' },
        userMessage: expect.stringContaining('allData.chats.1'),
      });
      expect((await device.raw({ lastSyncAt: null })).status).toBe(400);
      expect(await t.database().db.selectFrom('sync_records').selectAll().execute()).toEqual([]);
    });

    it('PR7 every answer and GET /api/sync/config announce maxSyncPayloadSize', async () => {
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: 12_345 });
      const config = await kit.call('GET', '/api/sync/config');
      expect(config).toMatchObject({ status: 200, json: { maxSyncPayloadSize: 12_345 } });
      const { token } = await kit.signup('ada@example.com');
      expect((await kit.device(token).sync()).maxSyncPayloadSize).toBe(12_345);
    });

    it('SY8 with SYNC_DISABLED every sync call is 503 with the spec message; accounts still work', async () => {
      const kit = syncTestApp(t.database(), { disabled: true });
      const { token } = await kit.signup('ada@example.com');
      for (const [method, url] of [
        ['POST', '/api/sync'],
        ['POST', '/api/sync-buffer'],
        ['GET', '/api/sync/chunks/abc'],
      ] as const) {
        const res = await kit.call(method, url, {
          token,
          body: method === 'POST' ? { allData: {} } : undefined,
        });
        expect(res.status).toBe(503);
        expect(res.json).toMatchObject({
          error: { code: 'unavailable:sync' },
          userMessage: syncMessages.disabled,
        });
      }
      expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(200);
    });

    it('AU2 every sync route needs a valid token', async () => {
      const kit = syncTestApp(t.database());
      for (const [method, url] of [
        ['POST', '/api/sync'],
        ['POST', '/api/sync-buffer'],
        ['GET', '/api/sync/chunks/abc'],
      ] as const) {
        const res = await kit.call(method, url, { body: method === 'POST' ? { allData: {} } : undefined });
        expect(res.status).toBe(401);
        expect(res.json).toMatchObject({ userMessage: syncMessages.sessionExpired });
      }
    });
  });
});
