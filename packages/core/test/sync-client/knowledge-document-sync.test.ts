import { describe, expect, it } from 'vitest';
import { parseAttachment, parseChat, parseKnowledgeDocument } from '../../src/entities';
import { purgeUnusedAttachments } from '../../src/documents';
import { createMemoryStore } from '../../src/storage';
import { at } from '../../src/sync/test-support';
import {
  blobIdOfSha256,
  KNOWLEDGE_DOCUMENT_BLOB_TYPE,
  readSyncState,
  type SyncHttpRequest,
} from '../../src/sync-client';
import { engineHarness } from '../../src/sync-client/test-support/engine-harness';

const T0 = '2026-01-01T00:00:00.000Z';

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A device holding a knowledge document: its record and its bytes in the attachments table. */
async function deviceWithDocument() {
  const h = engineHarness();
  const data = new TextEncoder().encode('# Ferry\nThe ferry leaves at 7:40.');
  const blobId = blobIdOfSha256(await sha256Hex(data));
  await h.store.attachments.put(
    parseAttachment({ id: blobId, mimeType: KNOWLEDGE_DOCUMENT_BLOB_TYPE, createdAt: T0, updatedAt: T0 }),
    data,
  );
  await h.store.knowledgeDocuments.put(
    parseKnowledgeDocument({
      id: 'kdoc-1',
      projectId: 'project-1',
      name: 'ferry.md',
      type: 'markdown',
      size: data.byteLength,
      file: `attachment:${blobId}`,
      createdAt: T0,
      updatedAt: T0,
    }),
  );
  const raw: SyncHttpRequest[] = [];
  const send = h.transport.send.bind(h.transport);
  h.transport.send = (request) => {
    raw.push(request);
    return send(request);
  };
  return { h, blobId, data, raw };
}

describe('knowledge documents sync as records with their bytes as blobs (decision 0131)', () => {
  it('SC37 the bytes go up before the record, with attachment sync off; a removal goes as an id', async () => {
    const { h, blobId, raw } = await deviceWithDocument();
    expect(h.switches.attachments).toBe(false);
    h.transport.on('/api/blobs/missing', (request) => ({
      status: 200,
      body: { missing: (request.body as { ids: string[] }).ids },
    }));
    h.transport.on(`/api/blobs/${blobId}`, () => ({
      status: 200,
      body: { blob: { id: blobId, size: 10, contentType: KNOWLEDGE_DOCUMENT_BLOB_TYPE }, created: true },
    }));
    expect((await h.engine.syncNow()).failure).toBeNull();
    const paths = raw.map((request) => `${request.method} ${request.path}`);
    expect(paths.filter((path) => !path.endsWith('/api/sync/config'))).toEqual([
      'POST /api/blobs/missing',
      `PUT /api/blobs/${blobId}`,
      'POST /api/sync',
    ]);
    expect(raw.find((request) => request.method === 'PUT')?.bytes?.contentType).toBe(
      KNOWLEDGE_DOCUMENT_BLOB_TYPE,
    );
    expect(h.transport.lastSyncBody().allData.knowledgeDocuments).toMatchObject([
      { id: 'kdoc-1', name: 'ferry.md', file: `attachment:${blobId}`, projectId: 'project-1' },
    ]);
    expect((await h.store.knowledgeDocuments.get('kdoc-1'))?.syncedAt).not.toBeNull();

    h.tick();
    await h.store.knowledgeDocuments.delete('kdoc-1');
    raw.length = 0;
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData).toMatchObject({
      knowledgeDocuments: [],
      deletedKnowledgeDocumentIDs: ['kdoc-1'],
    });
    // A removed document's bytes are not uploaded again.
    expect(raw.some((request) => request.path.startsWith('/api/blobs'))).toBe(false);
  });

  it('SC37 bytes this device does not hold are skipped: the record still syncs', async () => {
    const { h, blobId } = await deviceWithDocument();
    await h.store.attachments.purge(blobId);
    h.transport.on('/api/blobs/missing', () => ({ status: 200, body: { missing: [blobId] } }));
    expect((await h.engine.syncNow()).failure).toBeNull();
    expect(h.transport.lastSyncBody().allData.knowledgeDocuments).toHaveLength(1);
  });

  it('SC13 SC14 records from the server are merged by last writer; deleted ones become tombstones', async () => {
    const h = engineHarness();
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({
        updatedKnowledgeDocuments: [
          parseKnowledgeDocument({ id: 'kdoc-9', name: 'remote.pdf', createdAt: at(30), updatedAt: at(31) }),
        ],
      }),
    }));
    await h.engine.syncNow();
    expect(await h.store.knowledgeDocuments.get('kdoc-9')).toMatchObject({
      name: 'remote.pdf',
      syncedAt: at(31),
    });
    h.transport.on('/api/sync', () => ({
      status: 200,
      body: h.transport.syncAnswer({ deletedKnowledgeDocumentIDs: ['kdoc-9'] }),
    }));
    await h.engine.syncNow();
    expect((await h.store.knowledgeDocuments.get('kdoc-9'))?.deletedAt).not.toBeNull();
  });

  it('SC5 SC6 a document purged here goes as a deletion; a failed sync keeps it pending', async () => {
    const h = engineHarness();
    await h.engine.start();
    await h.store.knowledgeDocuments.put(
      parseKnowledgeDocument({ id: 'kdoc-2', createdAt: T0, updatedAt: T0, syncedAt: T0 }),
      { touch: false },
    );
    h.tick();
    await h.store.knowledgeDocuments.purge('kdoc-2');
    h.transport.on('/api/sync', () => ({ status: 500, body: {} }));
    await h.engine.syncNow();
    expect(h.transport.lastSyncBody().allData.deletedKnowledgeDocumentIDs).toEqual(['kdoc-2']);
    expect((await readSyncState(h.store)).pendingDeletions.knowledgeDocuments).toEqual(['kdoc-2']);
  });

  it('DO9 the local sweep keeps the bytes a live knowledge document names', async () => {
    const store = createMemoryStore();
    const old = '2025-01-01T00:00:00.000Z';
    const kept = `att-${'a'.repeat(32)}`;
    const loose = `att-${'b'.repeat(32)}`;
    for (const id of [kept, loose])
      await store.attachments.put(
        parseAttachment({ id, mimeType: KNOWLEDGE_DOCUMENT_BLOB_TYPE, createdAt: old, updatedAt: old }),
        new Uint8Array([1]),
        { touch: false },
      );
    await store.knowledgeDocuments.put(
      parseKnowledgeDocument({ id: 'kdoc-1', file: `attachment:${kept}`, createdAt: old, updatedAt: old }),
    );
    await store.chats.put(parseChat({ id: 'ch-1', createdAt: old, updatedAt: old, messages: [] }));
    expect(await purgeUnusedAttachments(store, Date.parse(T0))).toBe(1);
    expect(await store.attachments.get(kept)).toBeDefined();
    expect(await store.attachments.get(loose)).toBeUndefined();
  });
});
