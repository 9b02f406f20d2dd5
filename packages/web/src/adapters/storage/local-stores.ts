import { createRecordStore, StorageError } from '@parley/core/storage';
import type { RecordStoreOptions, StoragePort, WriteFaults } from '@parley/core/storage';
import type { BrowserStorageEnvironment } from './browser-environment';
import { PARLEY_DATABASE_NAME } from './browser-environment';
import { IndexedDbEngine } from './idb-engine';
import { openParleyDatabase, type ParleyDatabase } from './parley-idb';

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
/** The key of the test write; written and deleted in one transaction, so no reader ever sees it. */
const PROBE_KEY = '\u0000probe';

/** `work`, or a rejection after `ms`; `answered` stops the clock (the browser is working on it). */
function withTimeout<T>(
  work: (answered: () => void) => Promise<T>,
  ms: number,
  onTimeout: () => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new StorageError('unavailable', `IndexedDB did not answer within ${ms} ms`));
    }, ms);
    work(() => clearTimeout(timer)).then(
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
async function testWrite(db: ParleyDatabase): Promise<void> {
  const tx = db.transaction('settings', 'readwrite');
  await Promise.all([tx.store.put({ probe: true }, PROBE_KEY), tx.store.delete(PROBE_KEY), tx.done]);
}

/** The IndexedDB store; rejects (the caller falls back) if the database cannot be opened or written. */
export async function createIndexedDbStore(
  environment: BrowserStorageEnvironment,
  options: IndexedDbStoreOptions = {},
): Promise<StoragePort> {
  const factory = environment.indexedDB;
  if (!factory) throw new StorageError('unavailable', 'IndexedDB is not available');
  const name = options.databaseName ?? PARLEY_DATABASE_NAME;
  let timedOut = false;
  let opened: ParleyDatabase | undefined;
  // An upgrade (a one-time move of every chat, possibly 100 MB) answers by starting: the time-out is
  // for browsers that never answer at all, not for an upgrade that takes long.
  const openAndTest = async (answered: () => void) => {
    const db = await openParleyDatabase(factory, name, { onUpgrade: answered });
    opened = db;
    // An open that answers after we gave up is closed at once, so it cannot block a later upgrade.
    if (timedOut) db.close();
    await testWrite(db);
    return db;
  };
  let db: ParleyDatabase;
  try {
    db = await withTimeout(openAndTest, options.openTimeoutMs ?? OPEN_TIMEOUT_MS, () => {
      timedOut = true;
      opened?.close();
    });
  } catch (error) {
    opened?.close();
    throw error;
  }
  const reopen = () => openParleyDatabase(factory, name);
  return createRecordStore(new IndexedDbEngine(db, { faults: options.faults, reopen }), options);
}
