import { KNOWLEDGE_DATABASE_NAME, type Citation, type KnowledgeIndexSnapshot } from '@parley/core/knowledge';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { KnowledgeDocument } from './knowledge-protocol';

/**
 * The knowledge base's own IndexedDB database (decision 0106), apart from the app's store: the
 * documents, their text (for the viewer and a rebuild), the saved index, and the passages each
 * answer was given (by the question's message id). `files` holds the bytes of documents added
 * before decision 0146; since then the bytes are kept once, with the synced record in the app's store.
 */

interface KnowledgeSchema extends DBSchema {
  documents: { key: string; value: KnowledgeDocument };
  texts: { key: string; value: { id: string; text: string } };
  files: { key: string; value: { id: string; file: Blob } };
  index: { key: string; value: { key: 'snapshot'; snapshot: KnowledgeIndexSnapshot } };
  citations: { key: string; value: { questionId: string; citations: Citation[] } };
}

export type KnowledgeDatabase = IDBPDatabase<KnowledgeSchema>;

export function openKnowledgeDatabase(): Promise<KnowledgeDatabase> {
  return openDB<KnowledgeSchema>(KNOWLEDGE_DATABASE_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('documents', { keyPath: 'id' });
      db.createObjectStore('texts', { keyPath: 'id' });
      db.createObjectStore('files', { keyPath: 'id' });
      db.createObjectStore('index', { keyPath: 'key' });
      db.createObjectStore('citations', { keyPath: 'questionId' });
    },
  });
}
