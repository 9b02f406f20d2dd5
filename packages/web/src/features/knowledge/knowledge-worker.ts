import {
  buildEmbeddingCall,
  buildQueryEmbeddingCall,
  embeddingBatches,
  embeddingRetryDelay,
  KnowledgeIndex,
  normalise,
  passageSearchText,
  readEmbeddingAnswer,
  splitIntoPassages,
  type Citation,
  type EmbeddingCall,
  type Passage,
} from '@parley/core/knowledge';
import { estimateTokens } from '@parley/core/models';
import { openKnowledgeDatabase, type KnowledgeDatabase } from './knowledge-database';
import type {
  DocumentText,
  EmbeddingSetup,
  EmbedFailure,
  IndexOutcome,
  KnowledgeDocument,
  KnowledgeEvent,
  KnowledgeRequest,
  KnowledgeResponse,
  SearchOutcome,
} from './knowledge-protocol';

/**
 * The knowledge worker (decision 0106): it owns the index and the knowledge database, cuts
 * documents into passages, asks the user's provider for their vectors (KB20-KB25) and answers
 * searches, all off the page. The page hands it documents already read (by the documents
 * feature's reader worker) and the embedding setup with the key for each call; the key is never stored.
 */

let database: KnowledgeDatabase | null = null;
let index = new KnowledgeIndex();
let opened: Promise<void> | null = null;
/** Aborts the embedding calls under way (Cancel). */
let running = new AbortController();
let saveTimer: ReturnType<typeof setTimeout> | undefined;

const post = (message: KnowledgeResponse) => postMessage(message);
const emit = (event: KnowledgeEvent) => post({ event });

async function documents(): Promise<KnowledgeDocument[]> {
  return database ? database.getAll('documents') : [];
}

async function announce() {
  emit({ type: 'documents', documents: await documents() });
}

/** KB35: the saved index, or one rebuilt from the stored texts when it is lost or of another format. */
async function open(): Promise<void> {
  database = await openKnowledgeDatabase();
  const saved = await database.get('index', 'snapshot');
  try {
    if (saved) index = KnowledgeIndex.fromSnapshot(saved.snapshot);
  } catch (error) {
    console.warn('the knowledge index could not be loaded; it is rebuilt', error);
    index = new KnowledgeIndex();
  }
  const stored = await documents();
  const known = new Set(stored.map((document) => document.id));
  let changed = false;
  for (const id of index.documentIds()) {
    if (!known.has(id)) changed = index.remove(id) || changed;
  }
  for (const document of stored) {
    if (index.has(document.id)) continue;
    const text = await database.get('texts', document.id);
    if (!text) continue;
    // Rebuilt by its words; its vectors come back with the next re-index (the panel offers it).
    index.add(document, splitIntoPassages(text.text));
    if (document.embeddedWith) await database.put('documents', { ...document, embeddedWith: null });
    changed = true;
  }
  if (changed) scheduleSave();
}

/** How long the last save took, and when the first change not saved yet was made. */
let lastSaveMs = 0;
let unsavedSince: number | null = null;

/**
 * KB35: the whole index is one record, so a save costs more as it grows (seconds at 50,000
 * passages). While documents keep coming it waits for a pause of twice the last save's time, but
 * never longer than ten seconds (or five saves' time) after the first change it has not saved:
 * saving takes a small share of the worker's time, and a closed tab loses little (decision 0134).
 */
function scheduleSave() {
  const now = performance.now();
  unsavedSince ??= now;
  clearTimeout(saveTimer);
  const pause = Math.max(400, 2 * lastSaveMs);
  const latest = unsavedSince + Math.max(10_000, 5 * lastSaveMs) - now;
  saveTimer = setTimeout(saveIndex, Math.max(0, Math.min(pause, latest)));
}

function saveIndex() {
  unsavedSince = null;
  const started = performance.now();
  const snapshot = index.snapshot();
  void database
    ?.put('index', { key: 'snapshot', snapshot })
    .catch((error: unknown) => console.warn('the knowledge index could not be saved', error))
    .finally(() => (lastSaveMs = performance.now() - started));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

class EmbedError extends Error {
  constructor(readonly failure: EmbedFailure) {
    super(failure.message);
  }
}

async function errorMessage(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const json = JSON.parse(text) as { error?: string | { message?: string } };
    const message = typeof json.error === 'string' ? json.error : json.error?.message;
    if (message) return message;
  } catch {
    // not JSON: the start of the text says enough
  }
  return text.slice(0, 200) || response.statusText;
}

/** KB25: one call, tried again after a 429 or 5xx as the provider asks (or with backoff). */
async function send(call: EmbeddingCall, signal: AbortSignal): Promise<unknown> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(call.url, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new EmbedError({ status: 0, message: error instanceof Error ? error.message : String(error) });
    }
    if (response.ok) return response.json();
    const retryable = response.status === 429 || response.status >= 500;
    const delay = retryable
      ? embeddingRetryDelay(attempt, response.headers.get('retry-after'), Date.now())
      : undefined;
    if (delay === undefined) {
      throw new EmbedError({ status: response.status, message: await errorMessage(response) });
    }
    await response.body?.cancel();
    await sleep(delay, signal);
  }
}

/** KB20-KB23: every passage's vector, in order, unit length, in one array. */
async function embedPassages(
  passages: readonly Passage[],
  setup: EmbeddingSetup,
  documentId: string,
  signal: AbortSignal,
): Promise<{ values: Float32Array; tokens: number }> {
  const batches = embeddingBatches(passages, passageSearchText, setup.model.maxBatch);
  let values: Float32Array | null = null;
  let dimensions = 0;
  let tokens = 0;
  let done = 0;
  for (const batch of batches) {
    const inputs = batch.map(passageSearchText);
    const json = await send(buildEmbeddingCall(setup, inputs), signal);
    const result = readEmbeddingAnswer(setup.model.dialect, json, inputs.length);
    if (!values) {
      dimensions = result.vectors[0]!.length;
      values = new Float32Array(passages.length * dimensions);
    }
    for (const [i, vector] of result.vectors.entries()) {
      if (vector.length !== dimensions)
        throw new EmbedError({ status: 0, message: 'vectors of different lengths' });
      values.set(normalise(vector), (done + i) * dimensions);
    }
    tokens += result.tokens ?? inputs.reduce((sum, input) => sum + estimateTokens(input), 0);
    done += batch.length;
    // A document of one batch says nothing the page's file count does not (decision 0134).
    if (batches.length > 1) emit({ type: 'embedding', documentId, done, total: passages.length });
  }
  return { values: values ?? new Float32Array(0), tokens };
}

/** KB30 with KB20-KB26: cut, embed when set up (words only when that fails), index, store. */
async function indexText(
  document: KnowledgeDocument,
  text: string,
  setup: EmbeddingSetup | null,
): Promise<IndexOutcome> {
  const passages = splitIntoPassages(text);
  const signal = running.signal;
  let vectors: { values: Float32Array; modelKey: string } | undefined;
  let embedFailure: EmbedFailure | undefined;
  let embeddedTokens = 0;
  if (setup && passages.length > 0) {
    try {
      const embedded = await embedPassages(passages, setup, document.id, signal);
      vectors = { values: embedded.values, modelKey: setup.model.key };
      embeddedTokens = embedded.tokens;
    } catch (error) {
      if (signal.aborted) throw error;
      embedFailure =
        error instanceof EmbedError
          ? error.failure
          : { status: 0, message: error instanceof Error ? error.message : String(error) };
    }
  }
  // KB24: a new model's first vectors replace the old model's (the others follow as they re-index).
  if (vectors && index.modelKey !== null && index.modelKey !== vectors.modelKey) index.dropVectors();
  index.add(document, passages, vectors);
  const stored: KnowledgeDocument = {
    ...document,
    passages: passages.length,
    tokens: passages.reduce((sum, passage) => sum + passage.tokens, 0),
    embeddedWith: vectors?.modelKey ?? null,
  };
  scheduleSave();
  return { document: stored, embedFailure, embeddedTokens };
}

async function handle(request: KnowledgeRequest): Promise<unknown> {
  if (request.type === 'cancel') {
    running.abort(new DOMException('cancelled', 'AbortError'));
    running = new AbortController();
    return null;
  }
  opened ??= open();
  await opened;
  const db = database!;
  switch (request.type) {
    case 'open':
      await announce();
      return index.stats();
    case 'index': {
      const { document, text } = request.job;
      const outcome = await indexText(document, text, request.embedding);
      const tx = db.transaction(['documents', 'texts'], 'readwrite');
      await Promise.all([
        tx.objectStore('documents').put(outcome.document),
        tx.objectStore('texts').put({ id: document.id, text }),
        tx.done,
      ]);
      // The page adds the document to its list from the outcome: no whole list per document.
      return outcome;
    }
    case 'reembed': {
      const [document, text] = await Promise.all([
        db.get('documents', request.documentId),
        db.get('texts', request.documentId),
      ]);
      if (!document || !text) return null;
      const outcome = await indexText(document, text.text, request.embedding);
      await db.put('documents', outcome.document);
      return outcome;
    }
    case 'remove': {
      index.remove(request.documentId);
      scheduleSave();
      // `files`: the bytes a document added before decision 0146 was kept with.
      const tx = db.transaction(['documents', 'texts', 'files'], 'readwrite');
      await Promise.all([
        tx.objectStore('documents').delete(request.documentId),
        tx.objectStore('texts').delete(request.documentId),
        tx.objectStore('files').delete(request.documentId),
        tx.done,
      ]);
      await announce();
      return null;
    }
    case 'search':
      return search(request.text, request.scopes, request.embedding, request.limit);
    case 'text': {
      const [document, text] = await Promise.all([
        db.get('documents', request.documentId),
        db.get('texts', request.documentId),
      ]);
      return (document && text ? { document, text: text.text } : null) satisfies DocumentText;
    }
    case 'saveCitations':
      await db.put('citations', { questionId: request.questionId, citations: request.citations });
      return null;
    case 'citations':
      return ((await db.get('citations', request.questionId))?.citations ?? []) satisfies Citation[];
  }
}

/**
 * The last questions' vectors, by model, endpoint and text: a regenerated answer or a retry asks
 * the same question again, and its vector comes without another call (decision 0133).
 */
const questionVectors = new Map<string, Float32Array>();
const QUESTION_VECTORS_KEPT = 32;

async function questionVector(setup: EmbeddingSetup, text: string): Promise<Float32Array | undefined> {
  const key = `${setup.model.key}\n${setup.baseUrl}\n${text}`;
  const kept = questionVectors.get(key);
  if (kept) return kept;
  const call = buildQueryEmbeddingCall(setup, text);
  const response = await fetch(call.url, {
    method: call.method,
    headers: call.headers,
    body: call.body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) return undefined;
  const [values] = readEmbeddingAnswer(setup.model.dialect, await response.json(), 1).vectors;
  const vector = normalise(values!);
  questionVectors.set(key, vector);
  if (questionVectors.size > QUESTION_VECTORS_KEPT) {
    questionVectors.delete(questionVectors.keys().next().value!);
  }
  return vector;
}

/** KB32-KB34: the question's vector (one try, no waiting on a busy provider) and the search. */
async function search(
  text: string,
  scopes: (string | null)[],
  setup: EmbeddingSetup | null,
  limit: number,
): Promise<SearchOutcome> {
  let vector: Float32Array | undefined;
  if (setup && index.modelKey === setup.model.key && index.documentsWithVectors() > 0) {
    try {
      vector = await questionVector(setup, text);
    } catch (error) {
      console.warn('the question could not be embedded; searching by words', error);
    }
  }
  return { hits: index.search({ text, vector, scopes, limit }), usedVectors: vector !== undefined };
}

addEventListener('message', (event: MessageEvent<KnowledgeRequest>) => {
  const request = event.data;
  handle(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (error: unknown) =>
      post({
        id: request.id,
        ok: false,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      }),
  );
});
