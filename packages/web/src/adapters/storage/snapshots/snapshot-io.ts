import type { SnapshotInfo, SnapshotReason } from '@parley/core/storage';
import { SNAPSHOT_DATABASE_NAME } from '../browser-environment';
import { bytesReplacer, bytesReviver } from '../byte-encoding';
import { openAsItIs, request } from '../local-data-dump';
import { openParleyDatabase } from '../parley-idb';
import { SUMMARY_PACK_TABLE } from '../summary-pack';
import { unwrap } from 'idb';

/**
 * The I/O of local snapshots (storage SPEC SN). It runs in the snapshot worker (and on the main
 * thread where workers are missing): it reads every table of the live database as stored (no parse,
 * so nothing the current code cannot read is lost), writes it gzipped into a database
 * of its own, and puts it back in one transaction.
 */

const STORE = 'snapshots';
/** Version of the snapshot file inside the Blob. */
const SNAPSHOT_FILE_VERSION = 1;

interface StoredSnapshot extends SnapshotInfo {
  /** The snapshot file, gzipped JSON. */
  readonly data: Uint8Array;
}

interface SnapshotFile {
  readonly version: number;
  readonly dataFormat: string;
  readonly tables: Record<string, { key: IDBValidKey; value: unknown }[]>;
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openSnapshotDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(SNAPSHOT_DATABASE_NAME, 1);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE))
        req.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error ?? new Error('the snapshot database could not be opened'));
    };
  });
}

async function withSnapshots<T>(factory: IDBFactory, work: (db: IDBDatabase) => Promise<T>): Promise<T> {
  const db = await openSnapshotDatabase(factory);
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

/** The parts as one byte stream, encoded as they are pulled (no single giant string). */
function partsStream(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at < parts.length) controller.enqueue(encoder.encode(parts[at++]));
      else controller.close();
    },
  });
}

function bytesStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** Gzipped where the browser can (CompressionStream), else the plain UTF-8 bytes. */
async function compress(parts: string[]): Promise<Uint8Array> {
  const stream = partsStream(parts);
  // (The DOM typings want BufferSource into a CompressionStream; Uint8Array is one.)
  const gzip = () => new CompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  const body = typeof CompressionStream === 'undefined' ? stream : stream.pipeThrough(gzip());
  return new Uint8Array(await new Response(body).arrayBuffer());
}

async function decompressText(bytes: Uint8Array): Promise<string> {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  const stream = bytesStream(bytes);
  const gunzip = () =>
    new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
  return new Response(gzipped ? stream.pipeThrough(gunzip()) : stream).text();
}

export interface TakeSnapshotInput {
  readonly id: string;
  readonly reason: SnapshotReason;
  readonly takenAt: string;
  readonly dataFormat: string;
  readonly liveDatabase: string;
}

/** Copies every row of the live database into a new snapshot. Rejects when there is no database. */
export async function takeSnapshot(factory: IDBFactory, input: TakeSnapshotInput): Promise<SnapshotInfo> {
  const live = await openAsItIs(factory, input.liveDatabase);
  const parts: string[] = [
    `{"version":${String(SNAPSHOT_FILE_VERSION)},"dataFormat":${JSON.stringify(input.dataFormat)},"tables":{`,
  ];
  const counts: Record<string, number> = {};
  try {
    // The packed summaries are left out: a copy of the summary table, rebuilt from it after a
    // restore (which empties every table the snapshot lacks; storage SPEC PK).
    const tables = Array.from(live.objectStoreNames).filter((table) => table !== SUMMARY_PACK_TABLE);
    // One read transaction: every table as of the same moment.
    const tx = live.transaction(tables, 'readonly');
    for (const [at, table] of tables.entries()) {
      const store = tx.objectStore(table);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      counts[table] = keys.length;
      parts.push(`${at === 0 ? '' : ','}${JSON.stringify(table)}:[`);
      keys.forEach((key, index) => {
        parts.push(
          `${index === 0 ? '' : ','}${JSON.stringify({ key, value: values[index] }, bytesReplacer)}`,
        );
      });
      parts.push(']');
    }
  } finally {
    live.close();
  }
  parts.push('}}');
  const data = await compress(parts);
  const info: SnapshotInfo = {
    id: input.id,
    takenAt: input.takenAt,
    reason: input.reason,
    dataFormat: input.dataFormat,
    bytes: data.byteLength,
    counts,
  };
  await withSnapshots(factory, async (db) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put({ ...info, data } satisfies StoredSnapshot);
    await done(tx);
  });
  return info;
}

function infoOf(stored: StoredSnapshot): SnapshotInfo {
  const { id, takenAt, reason, dataFormat, bytes, counts } = stored;
  return { id, takenAt, reason, dataFormat, bytes, counts };
}

export async function listSnapshots(factory: IDBFactory): Promise<SnapshotInfo[]> {
  return withSnapshots(factory, async (db) => {
    const all = (await request(
      db.transaction(STORE, 'readonly').objectStore(STORE).getAll(),
    )) as StoredSnapshot[];
    return all.map(infoOf);
  });
}

export async function deleteSnapshots(factory: IDBFactory, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withSnapshots(factory, async (db) => {
    const tx = db.transaction(STORE, 'readwrite');
    for (const id of ids) tx.objectStore(STORE).delete(id);
    await done(tx);
  });
}

/**
 * Replaces the live data with a snapshot's, in one transaction over every table (all or
 * nothing). Tables the snapshot lacks are emptied: the data is as it was when the copy was taken.
 */
export async function restoreSnapshot(
  factory: IDBFactory,
  id: string,
  liveDatabase: string,
): Promise<SnapshotInfo> {
  const stored = await withSnapshots(
    factory,
    async (db) =>
      (await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(id))) as
        StoredSnapshot | undefined,
  );
  if (!stored) throw new Error(`snapshot ${id} does not exist`);
  const file = JSON.parse(await decompressText(new Uint8Array(stored.data)), bytesReviver) as SnapshotFile;
  if (typeof file !== 'object' || file === null || typeof file.tables !== 'object') {
    throw new Error(`snapshot ${id} is not readable`);
  }
  const live = unwrap(await openParleyDatabase(factory, liveDatabase));
  try {
    const tables = Array.from(live.objectStoreNames);
    const tx = live.transaction(tables, 'readwrite');
    for (const table of tables) {
      const store = tx.objectStore(table);
      store.clear();
      for (const row of file.tables[table] ?? []) store.put(row.value, row.key);
    }
    await done(tx);
  } finally {
    live.close();
  }
  return infoOf(stored);
}
