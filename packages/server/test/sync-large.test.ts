import { ChatChunkSchema, chunkBySerializedLength, syncMessages, type SyncResponse } from '@parley/core/sync';
import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp, type SyncTestApp } from './sync-test-kit';

/** Chats of about 1.2 KB each, with a few messages. */
function manyChats(count: number) {
  return Array.from({ length: count }, (_, n) =>
    chatJson(`ch-${String(n).padStart(3, '0')}`, n % 60, {
      messages: [0, 1, 2].map((m) =>
        messageJson(`m-${n}-${m}`, m, { content: `message ${m} of chat ${n} `.repeat(12) }),
      ),
    }),
  );
}

async function uploadThroughBuffer(
  kit: SyncTestApp,
  token: string,
  chats: unknown[],
  limit: number,
): Promise<string> {
  let bufferID: string | undefined;
  for (const chunk of chunkBySerializedLength(chats, limit)) {
    const res = await kit.call('POST', '/api/sync-buffer', { token, body: { chats: chunk, bufferID } });
    expect(res.status).toBe(200);
    bufferID ??= res.json.syncBufferID as string;
    expect(res.json).toEqual({ syncBufferID: bufferID });
  }
  return bufferID!;
}

async function fetchChunks(kit: SyncTestApp, token: string, response: SyncResponse, max: number) {
  const chats = [];
  for (const url of response.updatedChatsChunks ?? []) {
    const res = await kit.call('GET', url, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const chunk = ChatChunkSchema.parse(JSON.parse(res.text));
    if (chunk.length > 1) expect(res.text.length).toBeLessThanOrEqual(max);
    chats.push(...chunk);
  }
  return chats;
}

describe('large data', () => {
  forEachDatabase((t) => {
    it('PR5 PR6 SY5 SY6 chats uploaded through the buffer arrive on another device in response chunks', async () => {
      const max = 20_000;
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: max });
      const { token } = await kit.signup('ada@example.com');
      const chats = manyChats(120);
      const bufferID = await uploadThroughBuffer(kit, token, chats, max);

      const laptop = kit.device(token);
      const first = await laptop.sync(
        { folders: [{ id: 'f-1', title: 'Work' }] },
        { syncBufferID: bufferID },
      );
      expect(first.updatedChats).toEqual([]);
      expect(first.updatedChatsChunks).toBeUndefined();
      expect(
        await t
          .database()
          .db.selectFrom('sync_records')
          .where('kind', '=', 'chat')
          .select('item_id')
          .execute(),
      ).toHaveLength(120);

      const phone = kit.device(await kit.login('ada@example.com'));
      const pulled = await phone.sync();
      expect(pulled.updatedChats).toEqual([]);
      expect(pulled.updatedChatsChunks!.length).toBeGreaterThan(5);
      for (const url of pulled.updatedChatsChunks!)
        expect(url).toMatch(/^\/api\/sync\/chunks\/[A-Za-z0-9_-]+$/);
      expect(pulled.updatedFolders.map((f) => f.id)).toEqual(['f-1']);
      const received = await fetchChunks(kit, token, pulled, max);
      expect(received.map((chat) => chat.id).sort()).toEqual(chats.map((chat) => chat.id));
      expect(received.find((chat) => chat.id === 'ch-007')?.messages.map((m) => m.id)).toEqual([
        'm-7-0',
        'm-7-1',
        'm-7-2',
      ]);
    });

    it('SY6 a buffer is consumed by its sync, belongs to its user and expires', async () => {
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: 5_000, bufferTtlMs: 60_000 });
      const { token } = await kit.signup('ada@example.com');
      const device = kit.device(token);
      const bufferID = await uploadThroughBuffer(kit, token, manyChats(5), 5_000);
      await device.sync({}, { syncBufferID: bufferID });
      const again = await device.raw({ allData: {}, syncBufferID: bufferID });
      expect(again.status).toBe(404);
      expect(again.json).toMatchObject({
        error: { code: 'not_found:sync_buffer' },
        userMessage: expect.any(String),
      });
      expect(await t.database().db.selectFrom('sync_buffer_chunks').selectAll().execute()).toEqual([]);

      const stale = await uploadThroughBuffer(kit, token, manyChats(2), 5_000);
      kit.clock.now += 60_001;
      expect((await device.raw({ allData: {}, syncBufferID: stale })).status).toBe(404);
      const late = await kit.call('POST', '/api/sync-buffer', {
        token,
        body: { chats: manyChats(1), bufferID: stale },
      });
      expect(late.status).toBe(404);
    });

    it('SY5 response chunks expire', async () => {
      const kit = syncTestApp(t.database(), { maxSyncPayloadSize: 5_000 });
      const { token } = await kit.signup('ada@example.com');
      await kit.device(token).sync({ chats: manyChats(20) });
      const phone = kit.device(token);
      const url = (await phone.sync()).updatedChatsChunks![0]!;
      expect((await kit.call('GET', url, { token })).status).toBe(200);
      expect((await kit.call('GET', url, { token })).status).toBe(200);
      kit.clock.now += 10 * 60_000;
      const expired = await kit.call('GET', url, { token });
      expect(expired.status).toBe(404);
      expect(expired.json).toMatchObject({ error: { code: 'not_found:sync_chunk' } });
    });

    it('SY7 PR8 a sync that would pass the quota is 413 with usage numbers, and stores nothing', async () => {
      const kit = syncTestApp(t.database(), { userLimitUsageBytes: 30_000 });
      const { token } = await kit.signup('ada@example.com');
      const device = kit.device(token);
      const fits = await device.sync({ chats: manyChats(10) });
      const used = fits.totalUsageBytes;
      expect(used).toBeGreaterThan(10_000);

      const res = await device.raw({ allData: { chats: manyChats(40) }, lastSyncAt: device.lastSyncAt });
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({
        error: { code: 'payload_too_large:sync_quota' },
        userMessage: syncMessages.tooLarge,
        totalUsageBytes: used,
        limitUsageBytes: 30_000,
        syncStats: { totalUsageBytes: used, limitUsageBytes: 30_000, isPaid: false },
      });
      expect(await t.database().db.selectFrom('sync_records').select('item_id').execute()).toHaveLength(10);

      // Over the quota, a sync that frees space still goes through.
      const freed = await device.sync({ deletedChatIDs: ['ch-000', 'ch-001'] });
      expect(freed.totalUsageBytes).toBeLessThan(used);
    });

    it('SY7 a buffer larger than the quota is refused with 413', async () => {
      const kit = syncTestApp(t.database(), { userLimitUsageBytes: 10_000 });
      const { token } = await kit.signup('ada@example.com');
      const res = await kit.call('POST', '/api/sync-buffer', { token, body: { chats: manyChats(20) } });
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({
        error: { code: 'payload_too_large:sync_quota' },
        userMessage: syncMessages.tooLarge,
      });
      expect(await t.database().db.selectFrom('sync_buffers').selectAll().execute()).toEqual([]);
    });

    it('SY7 a body over the hard limit is 413 before it is read', async () => {
      const kit = syncTestApp(t.database(), { maxBodyBytes: 10_000 });
      const { token } = await kit.signup('ada@example.com');
      for (const url of ['/api/sync', '/api/sync-buffer']) {
        const res = await kit.call('POST', url, {
          token,
          body: { allData: { chats: manyChats(20) }, chats: manyChats(20) },
        });
        expect(res.status).toBe(413);
        expect(res.json).toMatchObject({
          error: { code: 'payload_too_large:body' },
          userMessage: syncMessages.tooLarge,
        });
      }
    });
  });
});
