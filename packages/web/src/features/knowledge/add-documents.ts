import { DOCUMENT_LIMITS, documentKindOf } from '@parley/core/documents';
import { embeddingCost, type EmbeddingModel } from '@parley/core/knowledge';
import { readDocument } from '../documents';
import { knowledgeClient } from './knowledge-client';
import type { EmbeddingSetup, KnowledgeDocument } from './knowledge-protocol';
import type { IndexedFile } from './knowledge-records';
import { useKnowledgeStore, type KnowledgeFailure } from './knowledge-store';

/**
 * A file to add, with the folder it was picked in ("" for single files); `synced`: a document
 * another device added (decision 0131), indexed here under its own id and date.
 */
export type PickedFile = { file: File; folder: string; synced?: { id: string; addedAt: string } };

/**
 * Told about the documents indexed from picked files, a batch at a time (it writes their synced
 * records, decision 0146): every RECORD_BATCH documents, RECORD_BATCH_BYTES of files or
 * RECORD_BATCH_MS, and at the end of the run (cancelled or not).
 */
export type OnIndexed = (indexed: readonly IndexedFile[]) => Promise<unknown>;

const RECORD_BATCH = 25;
const RECORD_BATCH_BYTES = 16 * 1024 * 1024;
const RECORD_BATCH_MS = 2000;

let cancelled = false;

/** The folder part of a file picked with a folder input (`webkitRelativePath`: "notes/2026/a.md"). */
export function pickedFiles(files: Iterable<File>): PickedFile[] {
  return [...files].map((file) => {
    const path = file.webkitRelativePath || '';
    const slash = path.lastIndexOf('/');
    return { file, folder: slash > 0 ? path.slice(0, slash) : '' };
  });
}

/**
 * Adds files to a knowledge base one after another: each is checked (type, size), read to text in
 * the documents feature's reader worker, then cut, embedded and indexed in the knowledge worker. A
 * file that cannot be read is named with its reason and the others go on; Cancel stops after the
 * current call (the documents already indexed stay).
 */
export async function addDocuments(
  picked: readonly PickedFile[],
  projectId: string | null,
  setup: EmbeddingSetup | null,
  newId: () => string,
  now: () => number,
  onIndexed?: OnIndexed,
): Promise<void> {
  const store = useKnowledgeStore;
  cancelled = false;
  const failures: KnowledgeFailure[] = [];
  store.setState({
    failures: [],
    embeddingProblem: null,
    progress: {
      projectId,
      total: picked.length,
      done: 0,
      passages: 0,
      startedAt: now(),
      current: null,
      embedded: null,
    },
  });
  const step = (change: (progress: NonNullable<ReturnType<typeof store.getState>['progress']>) => object) =>
    store.setState((state) =>
      state.progress ? { progress: { ...state.progress, ...change(state.progress) } } : {},
    );
  const failed = (path: string, reason: KnowledgeFailure['reason'], size: number) => {
    failures.push({ name: path, reason, size });
    store.setState({ failures: [...failures] });
  };
  // The records of the documents indexed, written a batch at a time while indexing goes on.
  let batch: IndexedFile[] = [];
  let batchBytes = 0;
  let batchSince = 0;
  let writing: Promise<void> = Promise.resolve();
  const writeBatch = () => {
    if (!onIndexed || batch.length === 0) return;
    const written = batch;
    batch = [];
    batchBytes = 0;
    writing = writing
      .then(() => onIndexed(written))
      .then(
        () => undefined,
        (error: unknown) => {
          console.warn('the records of indexed documents could not be written', error);
          for (const { document, file } of written)
            failed(
              document.folder ? `${document.folder}/${document.name}` : document.name,
              'storage',
              file.size,
            );
        },
      );
  };
  try {
    for (const { file, folder, synced } of picked) {
      if (cancelled) break;
      const name = file.name;
      step(() => ({ current: name, embedded: null }));
      const kind = documentKindOf(name);
      const fail = (reason: KnowledgeFailure['reason']) =>
        failed(folder ? `${folder}/${name}` : name, reason, file.size);
      if (!kind || kind === 'image') fail('unsupported');
      else if (file.size === 0) fail('empty');
      else if (file.size > DOCUMENT_LIMITS.maxFileBytes) fail('tooBig');
      else {
        const read = await readDocument(file, name, kind);
        if (!read.ok) fail(read.code);
        else if (read.kind === 'text') {
          const document: KnowledgeDocument = {
            id: synced?.id ?? newId(),
            projectId,
            name,
            folder,
            size: file.size,
            addedAt: synced?.addedAt ?? new Date(now()).toISOString(),
            passages: 0,
            tokens: 0,
            embeddedWith: null,
          };
          try {
            const outcome = await knowledgeClient.index({ document, text: read.text }, setup);
            if (onIndexed) {
              if (batch.length === 0) batchSince = now();
              batch.push({ document: outcome.document, file, type: kind });
              batchBytes += file.size;
              if (
                batch.length >= RECORD_BATCH ||
                batchBytes >= RECORD_BATCH_BYTES ||
                now() - batchSince >= RECORD_BATCH_MS
              )
                writeBatch();
            }
            step((progress) => ({ passages: progress.passages + outcome.document.passages }));
            store.setState((state) => ({
              spentTokens: state.spentTokens + outcome.embeddedTokens,
              embeddingProblem: outcome.embedFailure ?? state.embeddingProblem,
            }));
          } catch (error) {
            if (cancelled) break;
            console.warn('indexing a document failed', error);
            fail('storage');
          }
        }
      }
      step((progress) => ({ done: progress.done + 1 }));
    }
  } finally {
    writeBatch();
    await writing;
    store.setState({ progress: null });
  }
}

/** KB24: every document of the bases given embedded again with the chosen model (or words only). */
export async function reindexDocuments(
  documents: readonly KnowledgeDocument[],
  setup: EmbeddingSetup | null,
  now: () => number,
): Promise<void> {
  const store = useKnowledgeStore;
  cancelled = false;
  store.setState({
    failures: [],
    embeddingProblem: null,
    progress: {
      projectId: documents[0]?.projectId ?? null,
      total: documents.length,
      done: 0,
      passages: 0,
      startedAt: now(),
      current: null,
      embedded: null,
    },
  });
  try {
    for (const document of documents) {
      if (cancelled) break;
      store.setState((state) => ({
        progress: state.progress && { ...state.progress, current: document.name },
      }));
      try {
        const outcome = await knowledgeClient.reembed(document.id, setup);
        store.setState((state) => ({
          spentTokens: state.spentTokens + (outcome?.embeddedTokens ?? 0),
          embeddingProblem: outcome?.embedFailure ?? state.embeddingProblem,
          progress: state.progress && {
            ...state.progress,
            done: state.progress.done + 1,
            passages: state.progress.passages + (outcome?.document.passages ?? 0),
          },
        }));
      } catch (error) {
        if (cancelled) break;
        console.warn('re-indexing a document failed', error);
      }
    }
  } finally {
    store.setState({ progress: null });
  }
}

export function cancelIndexing(): void {
  cancelled = true;
  void knowledgeClient.cancel();
}

/** KB26: what embedding these documents' passages costs (estimated from their tokens). */
export function estimatedCost(documents: readonly KnowledgeDocument[], model: EmbeddingModel): number {
  return embeddingCost(
    model,
    documents.reduce((sum, document) => sum + document.tokens, 0),
  );
}
