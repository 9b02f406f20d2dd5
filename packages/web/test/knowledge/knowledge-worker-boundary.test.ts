import { parseKnowledgeDocument, type KnowledgeDocumentRecord } from '@parley/core/entities';
import { createMemoryStore } from '@parley/core/storage';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReadRequest, ReadResponse } from '../../src/features/documents/reader-protocol';
import { addDocuments, pickedFiles } from '../../src/features/knowledge/add-documents';
import { recordDocuments } from '../../src/features/knowledge/knowledge-records';
import type {
  KnowledgeDocument,
  KnowledgeRequest,
  KnowledgeResponse,
} from '../../src/features/knowledge/knowledge-protocol';
import { useKnowledgeStore } from '../../src/features/knowledge/knowledge-store';
import { knowledgeSyncSettled, startKnowledgeSync } from '../../src/features/knowledge/knowledge-sync';

/**
 * The page's side of indexing and of knowledge sync, with the two workers it talks to faked at their
 * boundary (the messages they are posted and what they answer): the document reader and the
 * knowledge worker. The store, the clients, the indexing run and the sync pass are the real ones.
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

/** Answers like the reader worker (a file's text) or the knowledge worker (by the script it was started with). */
class FakeWorker extends EventTarget {
  static requests: KnowledgeRequest[] = [];
  static documents: KnowledgeDocument[] = [];
  private readonly reader: boolean;

  constructor(url: URL | string) {
    super();
    this.reader = String(url).includes('reader-worker');
  }

  private answer(data: KnowledgeResponse | ReadResponse): void {
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data })));
  }

  postMessage(message: KnowledgeRequest | ReadRequest): void {
    if (this.reader) {
      const read = message as ReadRequest;
      void read.file
        .text()
        .then((text) => this.answer({ id: read.id, result: { ok: true, kind: 'text', text, tokens: 1 } }));
      return;
    }
    const request = message as KnowledgeRequest;
    FakeWorker.requests.push(request);
    if (request.type === 'index') {
      const document = { ...request.job.document, passages: 1, tokens: 1 };
      FakeWorker.documents = [...FakeWorker.documents, document];
      this.answer({ id: request.id, ok: true, value: { document, embeddedTokens: 0 } });
    } else if (request.type === 'remove') {
      FakeWorker.documents = FakeWorker.documents.filter((document) => document.id !== request.documentId);
      this.answer({ event: { type: 'documents', documents: FakeWorker.documents } });
      this.answer({ id: request.id, ok: true, value: null });
    } else this.answer({ id: request.id, ok: false, error: `not faked: ${request.type}` });
  }

  terminate(): void {}
}

beforeAll(() => vi.stubGlobal('Worker', FakeWorker));
afterAll(() => vi.unstubAllGlobals());

describe('a removal reaches the other device (decision 0131, SC37)', () => {
  it('a tombstone arriving by sync removes the document here, once; a record already here asks the worker nothing, and no change lists every record again', async () => {
    const store = createMemoryStore();
    const live = (id: string): KnowledgeDocumentRecord =>
      parseKnowledgeDocument({ id, name: `${id}.md`, type: 'text', createdAt: AT, updatedAt: AT });
    const tombstone = (id: string) => ({ ...live(id), deletedAt: LATER, updatedAt: LATER, file: null });
    await store.knowledgeDocuments.putMany([live('kdoc-ferry'), live('kdoc-garden')]);
    FakeWorker.requests = [];
    FakeWorker.documents = [here('kdoc-ferry'), here('kdoc-garden')];
    useKnowledgeStore.setState({ documents: FakeWorker.documents, progress: null, waiting: [] });
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
      expect(FakeWorker.requests).toEqual([]);

      // This device writes its own record again (as after indexing): read by key, nothing to do.
      await store.knowledgeDocuments.put(live('kdoc-garden'));
      await knowledgeSyncSettled();
      expect(get.mock.calls).toEqual([['kdoc-garden']]);
      expect(FakeWorker.requests).toEqual([]);

      // Sync brings the other device's removal: a tombstone without its file.
      await store.knowledgeDocuments.putMany([tombstone('kdoc-ferry')]);
      await knowledgeSyncSettled();
      expect(FakeWorker.requests).toEqual([
        expect.objectContaining({ type: 'remove', documentId: 'kdoc-ferry' }),
      ]);
      expect(useKnowledgeStore.getState().documents?.map((document) => document.id)).toEqual(['kdoc-garden']);

      // The same tombstone again (another sync round) removes nothing twice.
      await store.knowledgeDocuments.putMany([tombstone('kdoc-ferry')]);
      await knowledgeSyncSettled();
      expect(FakeWorker.requests).toHaveLength(1);
      expect(list).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });
});

describe('indexing writes the synced records in batches (decision 0146)', () => {
  const files = (count: number) =>
    Array.from(
      { length: count },
      (_, n) => new File([`# Note ${n}\nThe ferry leaves at ${n}.`], `note-${n}.md`),
    );

  it('30 documents indexed: their bytes and records in two batches (25 and the rest at the end), one job each to the worker without the file', async () => {
    const store = createMemoryStore();
    FakeWorker.requests = [];
    FakeWorker.documents = [];
    useKnowledgeStore.setState({ documents: [], progress: null, failures: [] });
    const attachmentBatches = vi.spyOn(store.attachments, 'putMany');
    const recordBatches = vi.spyOn(store.knowledgeDocuments, 'putMany');
    let n = 0;
    await addDocuments(
      pickedFiles(files(30)),
      null,
      null,
      () => `kdoc-${n++}`,
      () => Date.parse(AT),
      (indexed) => recordDocuments(store, indexed),
    );
    expect(attachmentBatches.mock.calls.map(([items]) => items.length)).toEqual([25, 5]);
    expect(recordBatches.mock.calls.map(([records]) => records.length)).toEqual([25, 5]);
    const records = await store.knowledgeDocuments.list();
    expect(records.map((record) => record.id).sort()).toEqual(
      Array.from({ length: 30 }, (_, i) => `kdoc-${i}`).sort(),
    );
    for (const record of records) {
      const blobId = record.file!.slice('attachment:'.length);
      expect(new TextDecoder().decode((await store.attachments.get(blobId))?.data)).toContain(
        record.name.replace('note-', 'Note ').replace('.md', ''),
      );
    }
    const jobs = FakeWorker.requests.filter((request) => request.type === 'index');
    expect(jobs).toHaveLength(30);
    for (const job of jobs) expect(Object.keys(job.job).sort()).toEqual(['document', 'text']);
    expect(useKnowledgeStore.getState().documents).toHaveLength(30);
    expect(useKnowledgeStore.getState().progress).toBeNull();
  });

  it('a batch that cannot be written names each of its documents as not stored; the run ends', async () => {
    const store = createMemoryStore();
    useKnowledgeStore.setState({ documents: [], progress: null, failures: [] });
    vi.spyOn(store.attachments, 'putMany').mockRejectedValueOnce(new Error('quota'));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let n = 0;
    await addDocuments(
      pickedFiles(files(3)),
      null,
      null,
      () => `kdoc-failed-${n++}`,
      () => Date.parse(AT),
      (indexed) => recordDocuments(store, indexed),
    );
    expect(useKnowledgeStore.getState().failures).toEqual([
      { name: 'note-0.md', reason: 'storage', size: expect.any(Number) },
      { name: 'note-1.md', reason: 'storage', size: expect.any(Number) },
      { name: 'note-2.md', reason: 'storage', size: expect.any(Number) },
    ]);
    expect(await store.knowledgeDocuments.list()).toEqual([]);
    expect(useKnowledgeStore.getState().progress).toBeNull();
  });
});
