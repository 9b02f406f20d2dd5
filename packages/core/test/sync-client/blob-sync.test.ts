import { describe, expect, it } from 'vitest';
import { parseAttachment } from '../../src/entities';
import { createMemoryStore } from '../../src/storage';
import { blobIdOfSha256, downloadBlob, type SyncHttpRequest } from '../../src/sync-client';
import { engineHarness, testChat, testMessage } from '../../src/sync-client/test-support/engine-harness';

const T0 = '2026-01-01T00:00:00.000Z';

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function picture(text: string) {
  const data = new TextEncoder().encode(text);
  return { data, id: blobIdOfSha256(await sha256Hex(data)) };
}

const imageMessage = (id: string, blobId: string) =>
  testMessage(id, {
    content: [
      { type: 'image_url', image_url: { url: `attachment:${blobId}` } },
      { type: 'text', text: 'look' },
    ],
  });

/** A device whose store holds the picture and a chat naming it; every request is recorded raw. */
async function deviceWithPicture(attachments: boolean) {
  const h = engineHarness();
  h.switches.attachments = attachments;
  const pic = await picture('png bytes');
  await h.store.attachments.put(
    parseAttachment({ id: pic.id, mimeType: 'image/png', createdAt: T0, updatedAt: T0 }),
    pic.data,
  );
  await h.store.chats.put(testChat('ch-1', { messages: [imageMessage('m1', pic.id)] }));
  const raw: SyncHttpRequest[] = [];
  const send = h.transport.send.bind(h.transport);
  h.transport.send = (request) => {
    raw.push(request);
    return send(request);
  };
  return { h, pic, raw };
}

describe('attachment blobs (SC30-SC33)', () => {
  it('SC30 the pictures a sent chat names and the server lacks are uploaded before the sync', async () => {
    const { h, pic, raw } = await deviceWithPicture(true);
    h.transport.on('/api/blobs/missing', (request) => ({
      status: 200,
      body: { missing: (request.body as { ids: string[] }).ids },
    }));
    h.transport.on(`/api/blobs/${pic.id}`, () => ({
      status: 200,
      body: { blob: { id: pic.id, size: 9, contentType: 'image/png' }, created: true },
    }));
    const snapshot = await h.engine.syncNow();
    expect(snapshot.failure).toBeNull();
    const paths = raw.map((request) => `${request.method} ${request.path}`);
    expect(paths.filter((path) => !path.endsWith('/api/sync/config'))).toEqual([
      'POST /api/blobs/missing',
      `PUT /api/blobs/${pic.id}`,
      'POST /api/sync',
    ]);
    const put = raw.find((request) => request.method === 'PUT');
    expect(put?.bytes?.contentType).toBe('image/png');
    expect(new TextDecoder().decode(put?.bytes?.data)).toBe('png bytes');
    // The chat went with its picture's reference.
    const [chat] = h.transport.lastSyncBody().allData.chats as { messages: { content: unknown[] }[] }[];
    expect(chat?.messages[0]?.content).toHaveLength(2);
  });

  it('SC30 a picture the server already holds is not sent again', async () => {
    const { h, raw } = await deviceWithPicture(true);
    h.transport.on('/api/blobs/missing', () => ({ status: 200, body: { missing: [] } }));
    await h.engine.syncNow();
    expect(raw.some((request) => request.method === 'PUT')).toBe(false);
    expect(h.transport.syncRequests()).toHaveLength(1);
  });

  it('SC31 an upload over the quota fails the sync with the too-large text, and no chat is sent', async () => {
    const { h, pic } = await deviceWithPicture(true);
    h.transport.on('/api/blobs/missing', () => ({ status: 200, body: { missing: [pic.id] } }));
    h.transport.on(`/api/blobs/${pic.id}`, () => ({
      status: 413,
      body: {
        error: { code: 'payload_too_large:sync_quota', message: 'quota' },
        userMessage: 'Sync failed: Your data is too large to sync. Please contact support.',
        totalUsageBytes: 90,
        limitUsageBytes: 100,
      },
    }));
    const snapshot = await h.engine.syncNow();
    expect(snapshot.failure?.code).toBe('too_large');
    expect(snapshot.stats?.totalUsageBytes).toBe(90);
    expect(h.transport.syncRequests()).toHaveLength(0);
    expect((await h.store.chats.get('ch-1'))?.syncedAt).toBeNull();
  });

  it('SC31 a picture the server refuses for itself is skipped and the chat still syncs', async () => {
    const { h, pic } = await deviceWithPicture(true);
    h.transport.on('/api/blobs/missing', () => ({ status: 200, body: { missing: [pic.id] } }));
    h.transport.on(`/api/blobs/${pic.id}`, () => ({
      status: 413,
      body: { error: { code: 'payload_too_large:blob', message: 'too big' }, userMessage: 'too big' },
    }));
    const snapshot = await h.engine.syncNow();
    expect(snapshot.failure).toBeNull();
    expect(h.transport.syncRequests()).toHaveLength(1);
  });

  it('SC8 with attachment sync off nothing is uploaded and the sent copy counts what it left out', async () => {
    const { h, raw } = await deviceWithPicture(false);
    await h.engine.syncNow();
    expect(raw.some((request) => request.path.startsWith('/api/blobs'))).toBe(false);
    const [chat] = h.transport.lastSyncBody().allData.chats as { messages: Record<string, unknown>[] }[];
    expect(chat?.messages[0]).toMatchObject({
      content: [{ type: 'text', text: 'look' }],
      attachmentsLeftOut: 1,
    });
    expect((await h.store.chats.get('ch-1'))?.messages[0]?.attachmentsLeftOut).toBeUndefined();
  });

  it('SC32 a picture is fetched into the local table, checked against its id; 404 and bad bytes keep nothing', async () => {
    const store = createMemoryStore();
    const pic = await picture('png bytes');
    const answers = new Map<string, { status: number; bytes?: Uint8Array }>([
      [pic.id, { status: 200, bytes: pic.data }],
    ]);
    const transport = {
      send: (request: SyncHttpRequest) => {
        const id = request.path.split('/').at(-1) ?? '';
        const answer = answers.get(id) ?? { status: 404 };
        return Promise.resolve({
          status: answer.status,
          body: undefined,
          ...(answer.bytes && { bytes: { data: answer.bytes, contentType: 'image/png' } }),
        });
      },
    };
    const options = { now: T0, sha256Hex };
    expect(await downloadBlob(transport, store, pic.id, options)).toBe('stored');
    const stored = await store.attachments.get(pic.id);
    expect(new TextDecoder().decode(stored?.data)).toBe('png bytes');
    expect(stored?.attachment).toMatchObject({ mimeType: 'image/png', syncedAt: T0 });

    const other = await picture('other');
    expect(await downloadBlob(transport, store, other.id, options)).toBe('not_on_server');
    answers.set(other.id, { status: 200, bytes: pic.data });
    expect(await downloadBlob(transport, store, other.id, options)).toBe('failed');
    expect(await store.attachments.get(other.id)).toBeUndefined();
    expect(await downloadBlob(transport, store, 'att-not-a-hash', options)).toBe('not_on_server');
  });
});
