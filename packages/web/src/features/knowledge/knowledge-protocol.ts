import type { Citation, EmbeddingModel, KnowledgeHit } from '@parley/core/knowledge';

/** Messages between the page and the knowledge worker (decision 0106). */

/** A stored document of a knowledge base (its bytes and text are kept beside it). */
export type KnowledgeDocument = {
  id: string;
  /** The project it belongs to; null: the global knowledge base. */
  projectId: string | null;
  name: string;
  /** The folder path it came from, when added with a folder ("notes/2026"). */
  folder: string;
  size: number;
  addedAt: string;
  passages: number;
  tokens: number;
  /** The embedding model its vectors came from; null: found by its words only. */
  embeddedWith: string | null;
};

/** Where the worker sends embedding calls: the model, its base URL and the key (never stored by it). */
export type EmbeddingSetup = { model: EmbeddingModel; baseUrl: string; apiKey?: string | undefined };

/**
 * A document to index: its text, read by the documents feature's reader worker. Its bytes stay on
 * the page's side (the synced record keeps them in the app's store, decision 0131): the worker has
 * no use for them (decision 0146).
 */
export type IndexJob = {
  document: KnowledgeDocument;
  text: string;
};

export type KnowledgeRequest =
  | { id: number; type: 'open' }
  | { id: number; type: 'index'; job: IndexJob; embedding: EmbeddingSetup | null }
  | { id: number; type: 'reembed'; documentId: string; embedding: EmbeddingSetup | null }
  | { id: number; type: 'remove'; documentId: string }
  | { id: number; type: 'cancel' }
  | {
      id: number;
      type: 'search';
      text: string;
      scopes: (string | null)[];
      embedding: EmbeddingSetup | null;
      limit: number;
    }
  | { id: number; type: 'text'; documentId: string }
  | { id: number; type: 'saveCitations'; questionId: string; citations: Citation[] }
  | { id: number; type: 'citations'; questionId: string };

/** Why a document could not be embedded: the index keeps it by its words (KB24), the panel says so. */
export type EmbedFailure = { status: number; message: string };

export type IndexOutcome = {
  document: KnowledgeDocument;
  /** The embedding call failed (after its retries): indexed by words only. */
  embedFailure?: EmbedFailure | undefined;
  /** Tokens sent for embedding (the provider's count, else the estimate). */
  embeddedTokens: number;
};

export type KnowledgeEvent =
  | { type: 'documents'; documents: KnowledgeDocument[] }
  | { type: 'embedding'; documentId: string; done: number; total: number };

export type KnowledgeResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: string }
  | { event: KnowledgeEvent };

export type SearchOutcome = { hits: KnowledgeHit[]; usedVectors: boolean };
export type DocumentText = { document: KnowledgeDocument; text: string } | null;
