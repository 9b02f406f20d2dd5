import { createHash } from 'node:crypto';
import { syncMessages } from '@parley/core/sync';
import { blobIdOfSha256 } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { BLOB_GRACE_MS, BLOB_SWEEP_INTERVAL_MS } from '../src/sync/blob-service';
import { forEachDatabase } from './db-harness';
import { chatJson, messageJson, syncTestApp, type SyncTestApp } from './sync-test-kit';

function blob(text: string) {
  const data = new TextEncoder().encode(text);
  return { data, id: blobIdOfSha256(createHash('sha256').update(data).digest('hex')) };
}

async function put(
  kit: SyncTestApp,
  id: string,
  data: Uint8Array,
  options: { token?: string; type?: string; cookie?: string } = {},
) {
  const headers: Record<string, string> = { 'content-type': options.type ?? 'image/png' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = `parley_cloud_token=${options.cookie}`;
  const res = await kit.app.request(`/api/blobs/${id}`, { method: 'PUT', headers, body: data });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function get(kit: SyncTestApp, id: string, token?: string) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await kit.app.request(`/api/blobs/${id}`, { headers });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const usage = async (kit: SyncTestApp, token: string) =>
  (await kit.call('GET', '/api/hosted/users/self', { token })).json.totalUsageBytes as number;

const chatWithImage = (id: string, blobId: string) =>
  chatJson(id, 1, {
    messages: [
      messageJson('m1', 1, {
        content: [
          { type: 'image_url', image_url: { url: `attachment:${blobId}` } },
          { type: 'text', text: 'Look' },
        ],
      }),
    ],
  });

describe('attachment blobs', () => {
  forEachDatabase((t) => {
    it('SY13 a blob is stored under its content id, read back by its owner only, and listed as missing to others', async () => {
      const kit = syncTestApp(t.database());
      const ada = (await kit.signup('ada@example.com')).token;
      const bob = (await kit.signup('bob@example.com')).token;
      const picture = blob('picture bytes');

      const stored = await put(kit, picture.id, picture.data, { token: ada });
      expect(stored.status).toBe(200);
      expect(stored.json).toEqual({
        blob: { id: picture.id, size: picture.data.byteLength, contentType: 'image/png' },
        created: true,
      });
      const read = await get(kit, picture.id, ada);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/png');
      expect(read.headers.get('x-content-type-options')).toBe('nosniff');
      expect(read.headers.get('content-security-policy')).toContain('sandbox');
      expect(new TextDecoder().decode(read.bytes)).toBe('picture bytes');

      // Another account cannot read it, and is told it lacks it.
      expect((await get(kit, picture.id, bob)).status).toBe(404);
      const other = blob('other bytes');
      const missingForAda = await kit.call('POST', '/api/blobs/missing', {
        token: ada,
        body: { ids: [picture.id, other.id] },
      });
      expect(missingForAda.json).toEqual({ missing: [other.id] });
      const missingForBob = await kit.call('POST', '/api/blobs/missing', {
        token: bob,
        body: { ids: [picture.id] },
      });
      expect(missingForBob.json).toEqual({ missing: [picture.id] });
    });

    it('SY13 AU2 AU4 unsigned callers, bad ids, wrong bytes, other types, big and unknown blobs are refused', async () => {
      const kit = syncTestApp(t.database(), { maxBlobBytes: 64 });
      const ada = (await kit.signup('ada@example.com')).token;
      const picture = blob('picture bytes');
      expect((await put(kit, picture.id, picture.data)).status).toBe(401);
      expect((await get(kit, picture.id)).status).toBe(401);
      expect((await kit.call('POST', '/api/blobs/missing', { body: { ids: [] } })).status).toBe(401);
      expect((await put(kit, 'att-not-hex', picture.data, { token: ada })).status).toBe(404);
      const mismatch = await put(kit, blob('something else').id, picture.data, { token: ada });
      expect(mismatch.status).toBe(400);
      expect((mismatch.json.error as { code: string }).code).toBe('bad_request:blob');
      expect((await put(kit, picture.id, picture.data, { token: ada, type: 'text/html' })).status).toBe(415);
      const big = blob('x'.repeat(65));
      const tooBig = await put(kit, big.id, big.data, { token: ada });
      expect(tooBig.status).toBe(413);
      expect((tooBig.json.error as { code: string }).code).toBe('payload_too_large:blob');
      expect((await get(kit, picture.id, ada)).status).toBe(404);
      expect((await get(kit, 'att-not-hex', ada)).status).toBe(404);
      const badList = await kit.call('POST', '/api/blobs/missing', { token: ada, body: { ids: ['../x'] } });
      expect(badList.status).toBe(400);
      // The cookie alone may PUT (no form can send a PUT), like a JSON write.
      expect((await put(kit, picture.id, picture.data, { cookie: ada })).status).toBe(200);
    });

    it('SY14 uploads count in the usage once; one over the quota is refused with the spec message', async () => {
      const kit = syncTestApp(t.database(), { userLimitUsageBytes: 40 });
      const ada = (await kit.signup('ada@example.com')).token;
      const first = blob('0123456789012345678901234567890'); // 31 bytes
      expect((await put(kit, first.id, first.data, { token: ada })).status).toBe(200);
      expect(await usage(kit, ada)).toBe(31);
      const again = await put(kit, first.id, first.data, { token: ada });
      expect(again.json.created).toBe(false);
      expect(await usage(kit, ada)).toBe(31);

      const second = blob('0123456789'); // 10 more: 41 > 40
      const refused = await put(kit, second.id, second.data, { token: ada });
      expect(refused.status).toBe(413);
      expect(refused.json.userMessage).toBe(syncMessages.tooLarge);
      expect(refused.json.totalUsageBytes).toBe(31);
      expect(refused.json.limitUsageBytes).toBe(40);
      expect((await get(kit, second.id, ada)).status).toBe(404);
      expect(await usage(kit, ada)).toBe(31);
    });

    it('SY15 a blob stays while a synced chat names it; after the chat is deleted it goes and its bytes are given back', async () => {
      const kit = syncTestApp(t.database());
      const { token: ada } = await kit.signup('ada@example.com');
      const laptop = kit.device(ada);
      const kept = blob('kept picture');
      const unsent = blob('never sent');
      await put(kit, kept.id, kept.data, { token: ada });
      await put(kit, unsent.id, unsent.data, { token: ada });
      await laptop.sync({ chats: [chatWithImage('ch-1', kept.id)] });
      const withChat = await usage(kit, ada);

      // A day later: the blob no chat names goes, the named one stays.
      kit.clock.now += BLOB_GRACE_MS + 1;
      await laptop.sync();
      expect((await get(kit, kept.id, ada)).status).toBe(200);
      expect((await get(kit, unsent.id, ada)).status).toBe(404);
      expect(await usage(kit, ada)).toBe(withChat - unsent.data.byteLength);

      // The chat is deleted: at the next sweep (an hour on) its picture goes too.
      await laptop.sync({ deletedChatIDs: ['ch-1'] });
      expect((await get(kit, kept.id, ada)).status).toBe(200);
      kit.clock.now += BLOB_SWEEP_INTERVAL_MS;
      await laptop.sync();
      expect((await get(kit, kept.id, ada)).status).toBe(404);
    });

    it('SY15 a blob a backup still names is kept after its chat is deleted', async () => {
      const kit = syncTestApp(t.database());
      const { token: ada } = await kit.signup('ada@example.com');
      const laptop = kit.device(ada);
      const picture = blob('backed up picture');
      await put(kit, picture.id, picture.data, { token: ada });
      await laptop.sync({ chats: [chatWithImage('ch-1', picture.id)] });
      expect((await kit.call('POST', '/api/backups', { token: ada, body: {} })).status).toBe(200);
      await laptop.sync({ deletedChatIDs: ['ch-1'] });
      kit.clock.now += BLOB_GRACE_MS + BLOB_SWEEP_INTERVAL_MS;
      await laptop.sync();
      expect((await get(kit, picture.id, ada)).status).toBe(200);
    });

    it('SY16 removing an account removes its blobs', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token: ada, userId } = await kit.signup('ada@example.com');
      const picture = blob('picture bytes');
      await put(kit, picture.id, picture.data, { token: ada });
      await database.db.deleteFrom('users').where('id', '=', userId).execute();
      const left = await database.db.selectFrom('sync_blobs').select('id').execute();
      expect(left).toEqual([]);
    });
  });
});
