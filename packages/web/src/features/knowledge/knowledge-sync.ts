import { knowledgeFileBlobId, type KnowledgeDocumentRecord } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { addDocuments, type PickedFile } from './add-documents';
import { embeddingChoicePref, embeddingSetupFor, type Access } from './embedding-choice';
import { knowledgeClient } from './knowledge-client';
import { openKnowledgeDatabase } from './knowledge-database';
import { useKnowledgeStore } from './knowledge-store';
import { knowledgeUsedPref } from './knowledge-used';

/**
 * Decision 0131: the documents another device added reach this one as records (`knowledgeDocuments`)
 * with their bytes on the sync server. Each record whose document is not in this device's knowledge
 * base is fetched (the attachments table, else the sync server) and indexed here like a file the user
 * added: full text at once, vectors with this device's own embedding choice and key (nothing in a
 * record names a model, an endpoint or a key). A tombstone removes the document here. Vectors are
 * never synced.
 */
export type KnowledgeSyncDeps = {
  store: Pick<StoragePort, 'attachments' | 'knowledgeDocuments' | 'onChange'>;
  /** SC32: fetches a blob into the attachments table; false when it cannot (signed out, not there). */
  download: (blobId: string) => Promise<boolean>;
  access: Access;
  now: () => number;
};

/** What this device's knowledge base holds, read without starting the worker (and its index). */
async function localDocumentIds(): Promise<Set<string>> {
  const documents = useKnowledgeStore.getState().documents;
  if (documents) return new Set(documents.map((document) => document.id));
  const db = await openKnowledgeDatabase();
  try {
    return new Set(await db.getAllKeys('documents'));
  } finally {
    db.close();
  }
}

export type ReconcilePlan = {
  /** Live records whose document this device lacks. */
  add: KnowledgeDocumentRecord[];
  /** Documents here whose record is a tombstone. */
  remove: string[];
};

/** What differs between the records and this device's knowledge base. */
export function reconcilePlan(records: readonly KnowledgeDocumentRecord[], local: ReadonlySet<string>) {
  const plan: ReconcilePlan = { add: [], remove: [] };
  for (const record of records) {
    if (record.deletedAt !== null) {
      if (local.has(record.id)) plan.remove.push(record.id);
    } else if (!local.has(record.id)) plan.add.push(record);
  }
  return plan;
}

/** The record's bytes as a file named like the document, from here or the sync server; null when neither has them. */
async function fileOf(deps: KnowledgeSyncDeps, record: KnowledgeDocumentRecord): Promise<File | null> {
  const blobId = knowledgeFileBlobId(record);
  if (!blobId) return null;
  let stored = await deps.store.attachments.get(blobId);
  if (!stored && (await deps.download(blobId).catch(() => false)))
    stored = await deps.store.attachments.get(blobId);
  if (!stored) return null;
  return new File([stored.data as Uint8Array<ArrayBuffer>], record.name || 'document');
}

/** Past this many changed records a pass lists them all (one read) rather than read each by key. */
const READ_BY_KEY_MAX = 100;

/** The records of these ids (one read each), or every record when there are many. */
async function recordsOf(deps: KnowledgeSyncDeps, ids: ReadonlySet<string> | undefined) {
  if (!ids || ids.size > READ_BY_KEY_MAX) return deps.store.knowledgeDocuments.list({ includeDeleted: true });
  const found = await Promise.all([...ids].map((id) => deps.store.knowledgeDocuments.get(id)));
  return found.filter((record) => record !== undefined);
}

/**
 * One pass: removals first, then the missing documents, a project's at a time (the panel shows the
 * usual progress). Documents whose bytes are not reachable are listed as waiting (the panel says so)
 * and tried again at the next pass. `ids`: only the records that changed (read by key, decision
 * 0146: a run that writes a record per document must not list them all again each time); without
 * them, every record.
 */
export async function reconcileKnowledge(deps: KnowledgeSyncDeps, ids?: ReadonlySet<string>): Promise<void> {
  const records = await recordsOf(deps, ids);
  const stillWaiting = ids
    ? useKnowledgeStore.getState().waiting.filter((record) => !ids.has(record.id))
    : [];
  if (records.length === 0) {
    if (ids) useKnowledgeStore.setState({ waiting: stillWaiting });
    return;
  }
  const plan = reconcilePlan(records, await localDocumentIds());
  for (const id of plan.remove) await knowledgeClient.remove(id);
  const waiting: KnowledgeDocumentRecord[] = [...stillWaiting];
  const byProject = new Map<string | null, PickedFile[]>();
  for (const record of plan.add) {
    const file = await fileOf(deps, record);
    if (!file) {
      waiting.push(record);
      continue;
    }
    const picked: PickedFile = {
      file,
      folder: record.folder,
      synced: { id: record.id, addedAt: record.createdAt },
    };
    byProject.set(record.projectId, [...(byProject.get(record.projectId) ?? []), picked]);
  }
  useKnowledgeStore.setState({ waiting });
  if (byProject.size === 0) return;
  knowledgeUsedPref.write(true);
  const setup = embeddingSetupFor(embeddingChoicePref.read(), deps.access);
  for (const [projectId, picked] of byProject) {
    await untilIdle();
    await addDocuments(picked, projectId, setup, () => '', deps.now);
  }
}

/** Documents the user is adding here go first: one indexing run (and one progress) at a time. */
function untilIdle(): Promise<void> {
  if (useKnowledgeStore.getState().progress === null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = useKnowledgeStore.subscribe((state) => {
      if (state.progress !== null) return;
      stop();
      resolve();
    });
  });
}

let running: Promise<void> | null = null;
/** What the next pass looks at: every record, or the ids that changed since the pass under way began. */
let next: 'all' | Set<string> | null = null;
let lastFailed = false;

/**
 * Runs a pass (over `ids`, or every record without them), or one more after the pass under way:
 * changes that arrive meanwhile share it.
 */
function schedule(deps: KnowledgeSyncDeps, ids?: readonly string[]): void {
  if (!ids || next === 'all' || lastFailed) next = 'all';
  else {
    next ??= new Set();
    for (const id of ids) next.add(id);
  }
  if (running) return;
  const scope = next;
  next = null;
  lastFailed = false;
  running = reconcileKnowledge(deps, scope === 'all' ? undefined : scope)
    .catch((error: unknown) => {
      // The ids of a failed pass are not lost: the next pass, whatever starts it, looks at every record.
      lastFailed = true;
      console.warn('the synced knowledge documents could not be indexed', error);
    })
    .finally(() => {
      running = null;
      const pending = next;
      next = null;
      if (pending) schedule(deps, pending === 'all' ? undefined : [...pending]);
    });
}

/** Resolves once no pass runs or waits to run (a change's pass starts as the write that made it ends). */
export async function knowledgeSyncSettled(): Promise<void> {
  while (running) await running;
}

/**
 * A pass now (the records that came while the app was closed), after each change of the records,
 * and when bytes that were missing may be reachable (`retry`: cloud sync started).
 */
export function startKnowledgeSync(
  deps: KnowledgeSyncDeps & { retry?: (listener: () => void) => () => void },
): () => void {
  schedule(deps);
  const offRetry = deps.retry?.(() => {
    if (useKnowledgeStore.getState().waiting.length > 0) schedule(deps);
  });
  const offChange = deps.store.onChange((change) => {
    if (change.area === 'knowledgeDocuments') schedule(deps, change.ids);
  });
  return () => {
    offRetry?.();
    offChange();
  };
}
