import { KNOWLEDGE_DATABASE_NAME } from '@parley/core/knowledge';
import { SEARCH_DATABASE_NAME } from '@parley/core/search';
import {
  browserStorageEnvironment,
  PARLEY_DATABASE_NAME,
  PROBE_DATABASE_NAME,
  SNAPSHOT_DATABASE_NAME,
} from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';
import { CLEAR_ALL_DATA_MESSAGE, sendToMacWrapper } from '../platform';
import { MODEL_LIST_DATABASE_NAME } from './model-list-database';

/**
 * Resolves once the deletion is done, failed, or is blocked by another open connection (it then
 * completes by itself when that tab closes or reloads, which the caller does next).
 */
function deleteDatabase(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve) => {
    try {
      const request = factory.deleteDatabase(name);
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    } catch {
      resolve();
    }
  });
}

export interface ClearAllLocalDataOptions {
  readonly environment?: BrowserStorageEnvironment;
  /** Where the macOS wrapper's message handlers live (window). */
  readonly host?: unknown;
}

/**
 * "Clear All Data" (spec section 2, after the user confirms): clears localStorage, deletes the
 * IndexedDB databases, and tells the macOS wrapper if there is one. The caller reloads afterwards.
 */
export async function clearAllLocalData(options: ClearAllLocalDataOptions = {}): Promise<void> {
  const environment = options.environment ?? browserStorageEnvironment();
  try {
    environment.localStorage?.clear();
  } catch (error) {
    console.error('clearing localStorage failed', error);
  }
  if (environment.indexedDB) {
    await deleteDatabase(environment.indexedDB, PARLEY_DATABASE_NAME);
    await deleteDatabase(environment.indexedDB, PROBE_DATABASE_NAME);
    await deleteDatabase(environment.indexedDB, MODEL_LIST_DATABASE_NAME);
    // The user asked for everything on this device to go: the automatic snapshots too.
    await deleteDatabase(environment.indexedDB, SNAPSHOT_DATABASE_NAME);
    await deleteDatabase(environment.indexedDB, SEARCH_DATABASE_NAME); // the persisted search index
    // The knowledge bases: their documents, texts and index (decision 0106).
    await deleteDatabase(environment.indexedDB, KNOWLEDGE_DATABASE_NAME);
  }
  // The macOS wrapper clears its own copy too (decision 0124); a no-op in a browser.
  if (options.host === undefined) sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE);
  else sendToMacWrapper(CLEAR_ALL_DATA_MESSAGE, options.host);
}
