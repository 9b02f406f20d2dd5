import { createRecordStore, StorageError } from '@parley/core/storage';
import type { RecordStoreOptions, StoragePort, WriteFaults } from '@parley/core/storage';
import type { BrowserStorageEnvironment } from './browser-environment';
import { PARLEY_DATABASE_NAME } from './browser-environment';
import { DexieEngine } from './dexie-engine';
import { LocalStorageEngine } from './local-storage-engine';
import { ParleyDatabase } from './parley-database';

export interface LocalStoreEngineOptions extends RecordStoreOptions {
  /** Test hook: injected write failures (see ScriptedWriteFaults). */
  readonly faults?: WriteFaults;
}

export interface IndexedDbStoreOptions extends LocalStoreEngineOptions {
  readonly databaseName?: string;
  /** Some browsers (older Safari, private modes) never answer an open; give up after this long. */
  readonly openTimeoutMs?: number;
}

const OPEN_TIMEOUT_MS = 5000;
type RunWrite = (mode: 'rw', tables: string[], scope: () => Promise<void>) => Promise<void>;
/** The key of the test write; written and deleted in one transaction, so no reader ever sees it. */
const PROBE_KEY = '\u0000probe';

function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new StorageError('unavailable', `IndexedDB did not answer within ${ms} ms`));
    }, ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Spec section 4: IndexedDB is used if a test write and delete succeed. The test runs inside the
 * app's own database (one open at start, not two), in the settings table.
 */
async function openAndTestWrite(db: ParleyDatabase): Promise<void> {
  await db.open();
  const settings = db.table('settings');
  // (Dexie's overloads make TypeScript recurse too deeply here; hence the cast.)
  const transaction = db.transaction.bind(db) as unknown as RunWrite;
  await transaction('rw', ['settings'], async () => {
    await settings.put({ probe: true }, PROBE_KEY);
    await settings.delete(PROBE_KEY);
  });
}

/** The IndexedDB store; rejects (the caller falls back) if the database cannot be opened or written. */
export async function createIndexedDbStore(
  environment: BrowserStorageEnvironment,
  options: IndexedDbStoreOptions = {},
): Promise<StoragePort> {
  const db = new ParleyDatabase(options.databaseName ?? PARLEY_DATABASE_NAME, environment);
  try {
    await withTimeout(openAndTestWrite(db), options.openTimeoutMs ?? OPEN_TIMEOUT_MS, () => db.close());
  } catch (error) {
    db.close();
    throw error;
  }
  return createRecordStore(new DexieEngine(db, { faults: options.faults }), options);
}

export function createLocalStorageStore(
  storage: Storage,
  environment: BrowserStorageEnvironment,
  options: LocalStoreEngineOptions = {},
): StoragePort {
  const engine = new LocalStorageEngine(storage, {
    faults: options.faults,
    eventTarget: environment.eventTarget,
  });
  return createRecordStore(engine, options);
}
