import type { Citation } from '@parley/core/knowledge';
import type {
  DocumentText,
  EmbeddingSetup,
  IndexJob,
  IndexOutcome,
  KnowledgeEvent,
  KnowledgeRequest,
  KnowledgeResponse,
  SearchOutcome,
} from './knowledge-protocol';
import { useKnowledgeStore } from './knowledge-store';

/**
 * The page's side of the knowledge worker: started on first use (neither the worker nor the index
 * library is in the first load), one promise per request, events into the knowledge store.
 */
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

function onEvent(event: KnowledgeEvent) {
  if (event.type === 'documents') useKnowledgeStore.getState().setDocuments(event.documents);
  else useKnowledgeStore.getState().setEmbedding(event.done, event.total);
}

function knowledgeWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./knowledge-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<KnowledgeResponse>) => {
    const data = event.data;
    if ('event' in data) return onEvent(data.event);
    const settle = waiting.get(data.id);
    waiting.delete(data.id);
    if (data.ok) settle?.resolve(data.value);
    else settle?.reject(new Error(data.error));
  });
  worker.addEventListener('error', (event) => {
    console.error('the knowledge worker failed', event.message);
    for (const settle of waiting.values()) settle.reject(new Error('the knowledge worker failed'));
    waiting.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

function putOutcome<T extends IndexOutcome | null>(outcome: T): T {
  if (outcome) useKnowledgeStore.getState().putDocument(outcome.document);
  return outcome;
}

type Body<T extends KnowledgeRequest['type']> = Omit<Extract<KnowledgeRequest, { type: T }>, 'id'>;

function ask<R, T extends KnowledgeRequest['type']>(body: Body<T>): Promise<R> {
  const id = nextId++;
  return new Promise<R>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    knowledgeWorker().postMessage({ ...body, id } as KnowledgeRequest);
  });
}

export const knowledgeClient = {
  open: () => ask<{ documents: number; passages: number; vectorBytes: number }, 'open'>({ type: 'open' }),
  index: (job: IndexJob, embedding: EmbeddingSetup | null) =>
    ask<IndexOutcome, 'index'>({ type: 'index', job, embedding }).then(putOutcome),
  reembed: (documentId: string, embedding: EmbeddingSetup | null) =>
    ask<IndexOutcome | null, 'reembed'>({ type: 'reembed', documentId, embedding }).then(putOutcome),
  remove: (documentId: string) => ask<null, 'remove'>({ type: 'remove', documentId }),
  cancel: () => ask<null, 'cancel'>({ type: 'cancel' }),
  search: (text: string, scopes: (string | null)[], embedding: EmbeddingSetup | null, limit = 12) =>
    ask<SearchOutcome, 'search'>({ type: 'search', text, scopes, embedding, limit }),
  text: (documentId: string) => ask<DocumentText, 'text'>({ type: 'text', documentId }),
  saveCitations: (questionId: string, citations: Citation[]) =>
    ask<null, 'saveCitations'>({ type: 'saveCitations', questionId, citations }),
  citations: (questionId: string) => ask<Citation[], 'citations'>({ type: 'citations', questionId }),
};
