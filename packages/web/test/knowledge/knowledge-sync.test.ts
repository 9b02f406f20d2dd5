import { knowledgeFileBlobId, parseKnowledgeDocument } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import { blobIdOfSha256, KNOWLEDGE_DOCUMENT_BLOB_TYPE } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { recordDocuments, recordRemoval } from '../../src/features/knowledge/knowledge-records';
import { reconcilePlan } from '../../src/features/knowledge/knowledge-sync';
import type { KnowledgeDocument } from '../../src/features/knowledge/knowledge-protocol';

const AT = '2026-03-01T10:00:00.000Z';

const document: KnowledgeDocument = {
  id: 'kdoc-1',
  projectId: 'project-1',
  name: 'ferry.md',
  folder: 'trips',
  size: 0,
  addedAt: AT,
  passages: 2,
  tokens: 40,
  embeddedWith: 'openai:text-embedding-3-small',
};

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

describe('knowledge documents follow the user to another device (decision 0131)', () => {
  it('SC37 a document indexed here gets its record and its bytes under their content id; no vectors, no text', async () => {
    const store = createMemoryStore();
    const bytes = new TextEncoder().encode('# Ferry\nThe ferry leaves at 7:40.');
    const [record] = await recordDocuments(store, [
      { document, file: new File([bytes], 'ferry.md'), type: 'text' },
    ]);
    const blobId = blobIdOfSha256(await sha256Hex(bytes));
    expect(record).toMatchObject({
      id: 'kdoc-1',
      projectId: 'project-1',
      name: 'ferry.md',
      folder: 'trips',
      type: 'text',
      size: bytes.byteLength,
      file: `attachment:${blobId}`,
      createdAt: AT,
      deletedAt: null,
    });
    expect(JSON.stringify(record)).not.toMatch(/embedded|passages|tokens|7:40/);
    const stored = await store.attachments.get(blobId);
    expect(stored?.attachment).toMatchObject({ mimeType: KNOWLEDGE_DOCUMENT_BLOB_TYPE, chatID: null });
    expect(new TextDecoder().decode(stored?.data)).toContain('7:40');
    expect(await store.knowledgeDocuments.get('kdoc-1')).toEqual(record);
  });

  it('SC37 removing it here leaves a tombstone without the file, which removes it on the other device', async () => {
    const store = createMemoryStore();
    await recordDocuments(store, [{ document, file: new File(['text'], 'ferry.md'), type: 'text' }]);
    await recordRemoval(store, 'kdoc-1');
    const tombstone = await store.knowledgeDocuments.get('kdoc-1');
    expect(tombstone?.deletedAt).not.toBeNull();
    expect(tombstone && knowledgeFileBlobId(tombstone)).toBeNull();
    // Removing again (or a document that never synced) changes nothing.
    await recordRemoval(store, 'kdoc-1');
    await recordRemoval(store, 'kdoc-never');
    expect(await store.knowledgeDocuments.get('kdoc-never')).toBeUndefined();
  });

  it('the plan indexes live records this device lacks and removes the documents whose record is a tombstone', () => {
    const live = (id: string) => parseKnowledgeDocument({ id, createdAt: AT, updatedAt: AT });
    const removed = (id: string) => ({ ...live(id), deletedAt: AT });
    const plan = reconcilePlan(
      [live('here'), live('new'), removed('gone-here'), removed('gone-everywhere')],
      new Set(['here', 'gone-here', 'local-only']),
    );
    expect(plan.add.map((record) => record.id)).toEqual(['new']);
    expect(plan.remove).toEqual(['gone-here']);
  });
});
