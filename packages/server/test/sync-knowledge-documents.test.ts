import { createHash } from 'node:crypto';
import { blobIdOfSha256, KNOWLEDGE_DOCUMENT_BLOB_TYPE } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { BLOB_GRACE_MS } from '../src/sync/blob-service';
import { forEachDatabase } from './db-harness';
import { syncTestApp, type SyncTestApp } from './sync-test-kit';

function documentBytes(text: string) {
  const data = new TextEncoder().encode(text);
  return { data, id: blobIdOfSha256(createHash('sha256').update(data).digest('hex')) };
}

async function put(kit: SyncTestApp, token: string, id: string, data: Uint8Array, type: string) {
  const res = await kit.app.request(`/api/blobs/${id}`, {
    method: 'PUT',
    headers: { 'content-type': type, authorization: `Bearer ${token}` },
    body: data,
  });
  return res.status;
}

async function get(kit: SyncTestApp, token: string, id: string) {
  const res = await kit.app.request(`/api/blobs/${id}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();

describe('knowledge documents on the sync server (decision 0131)', () => {
  forEachDatabase((t) => {
    it('SY21 a document record reaches the other device, its bytes are served inert, a deletion leaves no reference and the bytes go', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const laptop = kit.device(token);
      const phone = kit.device(token);
      const bytes = documentBytes('<script>alert(1)</script> ferry at 7:40');
      // SY13: a knowledge document's bytes go with their own type; an HTML type is still refused.
      expect(await put(kit, token, bytes.id, bytes.data, 'text/html')).toBe(415);
      expect(await put(kit, token, bytes.id, bytes.data, KNOWLEDGE_DOCUMENT_BLOB_TYPE)).toBe(200);
      const record = {
        id: 'kdoc-1',
        projectId: 'project-1',
        name: 'ferry.html',
        type: 'html',
        size: bytes.data.byteLength,
        file: `attachment:${bytes.id}`,
        createdAt: at(1),
        updatedAt: at(1),
      };
      await laptop.sync({ knowledgeDocuments: [record] });

      const first = await phone.sync();
      expect(first.updatedKnowledgeDocuments).toMatchObject([
        { id: 'kdoc-1', name: 'ferry.html', file: `attachment:${bytes.id}`, projectId: 'project-1' },
      ]);
      const read = await get(kit, token, bytes.id);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe(KNOWLEDGE_DOCUMENT_BLOB_TYPE);
      expect(read.headers.get('content-disposition')).toBe('attachment');
      expect(read.headers.get('content-security-policy')).toContain('sandbox');
      expect(read.text).toContain('ferry at 7:40');

      // An older edit loses to the stored one (MG7).
      await phone.sync({ knowledgeDocuments: [{ ...record, name: 'old.html', updatedAt: at(0) }] });
      expect((await laptop.sync()).updatedKnowledgeDocuments).toEqual([]);

      // Held a day, the bytes stay while the record names them (SY15).
      kit.clock.now += BLOB_GRACE_MS + 1;
      await laptop.sync();
      expect((await get(kit, token, bytes.id)).status).toBe(200);

      await laptop.sync({ deletedKnowledgeDocumentIDs: ['kdoc-1'] });
      const removed = await phone.sync();
      expect(removed.deletedKnowledgeDocumentIDs).toEqual(['kdoc-1']);
      // The tombstone keeps no reference, so the next sweep gives the bytes back.
      const full = await kit.device(token).sync();
      expect(JSON.stringify(full)).not.toContain(bytes.id);
      kit.clock.now += 2 * 60 * 60 * 1000;
      await laptop.sync();
      expect((await get(kit, token, bytes.id)).status).toBe(404);
    });

    it('SY21 backups count and carry the live document records', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('bob@example.com');
      await kit.device(token).sync({
        knowledgeDocuments: [{ id: 'kdoc-2', name: 'notes.md', createdAt: at(1), updatedAt: at(1) }],
      });
      const backup = await kit.call('POST', '/api/backups', { token });
      expect((backup.json.backup as { counts: Record<string, number> }).counts).toMatchObject({
        knowledgeDocuments: 1,
      });
      const latest = await kit.call('GET', '/api/backups/latest', { token });
      expect(
        (latest.json.backup as { data: { knowledgeDocuments: { id: string }[] } }).data.knowledgeDocuments,
      ).toMatchObject([{ id: 'kdoc-2' }]);
    });
  });
});
