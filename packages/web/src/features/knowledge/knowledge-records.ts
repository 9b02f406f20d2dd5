import { parseAttachment, parseKnowledgeDocument, type KnowledgeDocumentRecord } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { blobIdOfSha256, KNOWLEDGE_DOCUMENT_BLOB_TYPE } from '@parley/core/sync-client';
import type { KnowledgeDocument } from './knowledge-protocol';

/**
 * A knowledge document's synced side (decision 0131): its record in the app's store and its bytes
 * in the attachments table, content-addressed like a picture, where sync uploads them from (SC37).
 * The text, the passages and the vectors stay in the knowledge base's own database.
 */

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A document just indexed from a file picked here, for its synced record. */
export type IndexedFile = { document: KnowledgeDocument; file: Blob; type: string };

/**
 * Writes the records of documents just indexed here, and keeps their bytes for sync: the bytes of a
 * batch in one transaction, then their records in another (decision 0146: one write per batch of
 * documents, not two per document; the bytes first, so a record never names bytes not stored).
 */
export async function recordDocuments(
  store: Pick<StoragePort, 'attachments' | 'knowledgeDocuments'>,
  indexed: readonly IndexedFile[],
): Promise<KnowledgeDocumentRecord[]> {
  if (indexed.length === 0) return [];
  const items = await Promise.all(
    indexed.map(async ({ document, file, type }) => {
      const data = new Uint8Array(await file.arrayBuffer());
      const blobId = blobIdOfSha256(await sha256Hex(data));
      const at = document.addedAt;
      const attachment = parseAttachment({
        id: blobId,
        mimeType: KNOWLEDGE_DOCUMENT_BLOB_TYPE,
        name: document.name,
        size: data.byteLength,
        chatID: null,
        createdAt: at,
        updatedAt: at,
      });
      const record = parseKnowledgeDocument({
        id: document.id,
        projectId: document.projectId,
        name: document.name,
        folder: document.folder,
        type,
        size: data.byteLength,
        file: `attachment:${blobId}`,
        createdAt: at,
        updatedAt: at,
      });
      return { attachment, data, record };
    }),
  );
  await store.attachments.putMany(items, { touch: true });
  return store.knowledgeDocuments.putMany(
    items.map((item) => item.record),
    { touch: true },
  );
}

/** A document removed here: its record becomes a tombstone, which removes it on the other devices. */
export async function recordRemoval(
  store: Pick<StoragePort, 'knowledgeDocuments'>,
  documentId: string,
): Promise<void> {
  const record = await store.knowledgeDocuments.get(documentId);
  if (!record || record.deletedAt !== null) return;
  const tombstone = await store.knowledgeDocuments.delete(documentId);
  // EN28: a tombstone keeps no reference to the bytes (the sweep gives them back, DO9).
  await store.knowledgeDocuments.put({ ...tombstone, file: null }, { touch: false });
}
