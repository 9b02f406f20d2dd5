import { chunkBySerializedLength } from '@parley/core/sync';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp } from './sync-test-kit';

describe('sync isolation and concurrency', () => {
  forEachDatabase((t) => {
    it('SY10 two users with the same record ids never see or change each other’s data', async () => {
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: 3_000 });
      const ada = await kit.signup('ada@example.com');
      const bob = await kit.signup('bob@example.com');
      const adaDevice = kit.device(ada.token);
      const bobDevice = kit.device(bob.token);
      const adaChats = Array.from({ length: 10 }, (_, n) =>
        chatJson(`ch-${n}`, n, { chatTitle: `Ada ${n}`, documentText: 'a'.repeat(500) }),
      );
      await adaDevice.sync({ chats: adaChats, folders: [{ id: 'f-1', title: 'Ada folder' }] });

      // Bob uses the very same ids: his own records, not Ada's.
      const bobFirst = await bobDevice.sync({
        chats: [chatJson('ch-0', 30, { chatTitle: 'Bob 0' })],
        deletedChatIDs: ['ch-1'],
        deletedFolderIDs: ['f-1'],
      });
      expect(bobFirst.updatedChats).toEqual([]);
      expect(bobFirst.updatedFolders).toEqual([]);
      const adaFresh = kit.device(ada.token);
      const adaView = await adaFresh.sync();
      expect(adaView.deletedChatIDs).toEqual([]);
      expect(adaView.deletedFolderIDs).toEqual([]);
      expect(adaView.updatedFolders.map((f) => f.title)).toEqual(['Ada folder']);

      // Ada's response chunks are not Bob's to read.
      const chunkUrl = adaView.updatedChatsChunks![0]!;
      expect((await kit.call('GET', chunkUrl, { token: ada.token })).status).toBe(200);
      const stolen = await kit.call('GET', chunkUrl, { token: bob.token });
      expect(stolen.status).toBe(404);
      expect(stolen.text).not.toContain('Ada');

      // Nor are her upload buffers.
      const upload = await kit.call('POST', '/api/sync-buffer', {
        token: ada.token,
        body: { chats: [chatJson('ch-secret', 0)] },
      });
      const bufferID = upload.json.syncBufferID as string;
      const append = await kit.call('POST', '/api/sync-buffer', {
        token: bob.token,
        body: { chats: [chatJson('ch-x', 0)], bufferID },
      });
      expect(append.status).toBe(404);
      const consume = await bobDevice.raw({ allData: {}, syncBufferID: bufferID });
      expect(consume.status).toBe(404);
      await kit.device(ada.token).sync({}, { syncBufferID: bufferID });

      // Each full view holds only the owner's data.
      const bobView = await kit.device(bob.token).sync();
      expect(bobView.updatedChats.map((c) => c.chatTitle)).toEqual(['Bob 0']);
      expect(bobView.deletedChatIDs).toEqual(['ch-1']);
      const adaAll = await kit.device(ada.token).sync();
      const adaUrls = adaAll.updatedChatsChunks ?? [];
      const titles = [];
      for (const url of adaUrls)
        titles.push(
          ...(
            JSON.parse((await kit.call('GET', url, { token: ada.token })).text) as { chatTitle: string }[]
          ).map((c) => c.chatTitle),
        );
      titles.push(...adaAll.updatedChats.map((c) => c.chatTitle));
      expect(titles.sort()).toEqual([...adaChats.map((c) => c.chatTitle), 'Chat ch-secret'].sort());
      const self = await kit.call('GET', '/api/hosted/users/self', { token: bob.token });
      expect((self.json.user as { email: string }).email).toBe('bob@example.com');
    });

    it('SY9 concurrent syncs of one user from several devices lose nothing', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const tokens = [token, ...(await Promise.all([1, 2, 3].map(() => kit.login('ada@example.com'))))];
      const base = chatJson('ch-shared', 0, { messages: [messageJson('m-base', 0)] });
      await kit.device(token).sync({ chats: [base] });

      const devices = Array.from({ length: 12 }, (_, n) => kit.device(tokens[n % tokens.length]!));
      const answers = await Promise.all(
        devices.map((device, n) =>
          device.sync({
            chats: [
              {
                ...base,
                updatedAt: new Date(Date.UTC(2026, 2, 1, 9, 10 + n)).toISOString(),
                messages: [...base.messages, messageJson(`m-${n}`, 10 + n)],
              },
              chatJson(`ch-own-${n}`, n),
            ],
          }),
        ),
      );
      expect(new Set(answers.map((a) => a.lastSyncAt)).size).toBe(devices.length);

      const everything = await kit.device(token).sync();
      const shared = everything.updatedChats.find((c) => c.id === 'ch-shared')!;
      expect(shared.messages.map((m) => m.id).sort()).toEqual(
        ['m-base', ...devices.map((_, n) => `m-${n}`)].sort(),
      );
      expect(everything.updatedChats).toHaveLength(devices.length + 1);

      // Every device converges on the same chat by its next sync.
      for (const device of devices) {
        const next = await device.sync();
        const seen = next.updatedChats.find((c) => c.id === 'ch-shared');
        if (seen) expect(seen).toEqual(shared);
      }
      const rows = await t.database().db.selectFrom('sync_records').select('size_bytes').execute();
      expect(everything.totalUsageBytes).toBe(rows.reduce((sum, row) => sum + Number(row.size_bytes), 0));
    });

    it('SY9 concurrent buffer uploads into one buffer keep every chunk', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const chats = Array.from({ length: 30 }, (_, n) => chatJson(`ch-${n}`, n % 60));
      const [first, ...rest] = chunkBySerializedLength(chats, 1_000);
      const opened = await kit.call('POST', '/api/sync-buffer', { token, body: { chats: first } });
      const bufferID = opened.json.syncBufferID as string;
      const appended = await Promise.all(
        rest.map((chunk) =>
          kit.call('POST', '/api/sync-buffer', { token, body: { chats: chunk, bufferID } }),
        ),
      );
      expect(appended.map((res) => res.status)).toEqual(rest.map(() => 200));
      await kit.device(token).sync({}, { syncBufferID: bufferID });
      const stored = await t.database().db.selectFrom('sync_records').select('item_id').execute();
      expect(stored).toHaveLength(30);
    });
  });
});
