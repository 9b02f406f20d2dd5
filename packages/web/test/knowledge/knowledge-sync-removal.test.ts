import { parseKnowledgeDocument, type KnowledgeDocumentRecord } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  KnowledgeDocument,
  KnowledgeRequest,
  KnowledgeResponse,
} from '../../src/features/knowledge/knowledge-protocol';
import { useKnowledgeStore } from '../../src/features/knowledge/knowledge-store';
import { knowledgeSyncSettled, startKnowledgeSync } from '../../src/features/knowledge/knowledge-sync';

/**
 * The receiving device's side of a removal (decision 0131): a tombstone that sync writes into the
 * store removes the document from this device's knowledge base. The knowledge worker is faked at
 * its boundary (the messages it is posted and what it answers); the store, the knowledge client and
 * the sync pass are the real ones.
 */

const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-02T10:00:00.000Z';

const here = (id: string): KnowledgeDocument => ({
  id,
  projectId: null,
  name: `${id}.md`,
  folder: '',
  size: 10,
  addedAt: AT,
  passages: 1,
  tokens: 5,
  embeddedWith: null,
});

/** Answers like the knowledge worker: a removal drops the document and lists those left. */
class FakeKnowledgeWorker extends EventTarget {
  static requests: KnowledgeRequest[] = [];
  static documents: KnowledgeDocument[] = [];

  postMessage(request: KnowledgeRequest): void {
    FakeKnowledgeWorker.requests.push(request);
    const answer = (data: KnowledgeResponse) =>
      queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
    if (request.type === 'remove') {
      FakeKnowledgeWorker.documents = FakeKnowledgeWorker.documents.filter(
        (document) => document.id !== request.documentId,
      );
      answer({ event: { type: 'documents', documents: FakeKnowledgeWorker.documents } });
      answer({ id: request.id, ok: true, value: null });
    } else answer({ id: request.id, ok: false, error: `not faked: ${request.type}` });
  }

  terminate(): void {}
}

beforeAll(() => vi.stubGlobal('Worker', FakeKnowledgeWorker));
afterAll(() => vi.unstubAllGlobals());

describe('a removal reaches the other device (decision 0131, SC37)', () => {
  it('a tombstone arriving by sync removes the document here, once; a record already here asks the worker nothing, and no change lists every record again', async () => {
    const store = createMemoryStore();
    const live = (id: string): KnowledgeDocumentRecord =>
      parseKnowledgeDocument({ id, name: `${id}.md`, type: 'text', createdAt: AT, updatedAt: AT });
    const tombstone = (id: string) => ({ ...live(id), deletedAt: LATER, updatedAt: LATER, file: null });
    await store.knowledgeDocuments.putMany([live('kdoc-ferry'), live('kdoc-garden')]);
    FakeKnowledgeWorker.documents = [here('kdoc-ferry'), here('kdoc-garden')];
    useKnowledgeStore.setState({ documents: FakeKnowledgeWorker.documents, progress: null, waiting: [] });
    const list = vi.spyOn(store.knowledgeDocuments, 'list');
    const get = vi.spyOn(store.knowledgeDocuments, 'get');
    const stop = startKnowledgeSync({
      store,
      download: () => Promise.resolve(false),
      access: () => ({ apiKey: null, baseUrl: null }) as never,
      now: () => Date.parse(LATER),
    });
    try {
      // The first pass (what came while the app was closed) reads every record once: all are here.
      await knowledgeSyncSettled();
      expect(list).toHaveBeenCalledTimes(1);
      expect(FakeKnowledgeWorker.requests).toEqual([]);

      // This device writes its own record again (as after indexing): read by key, nothing to do.
      await store.knowledgeDocuments.put(live('kdoc-garden'));
      await knowledgeSyncSettled();
      expect(get.mock.calls).toEqual([['kdoc-garden']]);
      expect(FakeKnowledgeWorker.requests).toEqual([]);

      // Sync brings the other device's removal: a tombstone without its file.
      await store.knowledgeDocuments.putMany([tombstone('kdoc-ferry')]);
      await knowledgeSyncSettled();
      expect(FakeKnowledgeWorker.requests).toEqual([
        expect.objectContaining({ type: 'remove', documentId: 'kdoc-ferry' }),
      ]);
      expect(useKnowledgeStore.getState().documents?.map((document) => document.id)).toEqual(['kdoc-garden']);

      // The same tombstone again (another sync round) removes nothing twice.
      await store.knowledgeDocuments.putMany([tombstone('kdoc-ferry')]);
      await knowledgeSyncSettled();
      expect(FakeKnowledgeWorker.requests).toHaveLength(1);
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});
