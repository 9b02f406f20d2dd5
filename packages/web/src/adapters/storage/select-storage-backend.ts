import type { StorageBackendKind } from '@parley/core/storage';
import { browserStorageEnvironment, PROBE_DATABASE_NAME } from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';

/** Some browsers (older Safari, private modes) never answer an IndexedDB open; do not wait forever. */
const PROBE_TIMEOUT_MS = 5000;
const PROBE_KEY = 'TM_storageProbe';

/** Opens a scratch database and writes then deletes one value (spec: "a test write or delete"). */
export function probeIndexedDB(
  factory: IDBFactory | undefined,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<boolean> {
  if (!factory) return Promise.resolve(false);
  return new Promise((resolve) => {
    let settled = false;
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(ok);
    }
    try {
      const request = factory.open(PROBE_DATABASE_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('probe');
      request.onerror = () => finish(false);
      request.onsuccess = () => {
        const db = request.result;
        try {
          const tx = db.transaction('probe', 'readwrite');
          const store = tx.objectStore('probe');
          store.put('ok', 'probe');
          store.delete('probe');
          tx.oncomplete = () => {
            db.close();
            finish(true);
          };
          tx.onerror = tx.onabort = () => {
            db.close();
            finish(false);
          };
        } catch {
          db.close();
          finish(false);
        }
      };
    } catch {
      finish(false);
    }
  });
}

export function probeLocalStorage(storage: Storage | undefined): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, '1');
    const readBack = storage.getItem(PROBE_KEY) === '1';
    storage.removeItem(PROBE_KEY);
    return readBack && storage.getItem(PROBE_KEY) === null;
  } catch {
    return false;
  }
}

/**
 * Spec section 4: IndexedDB if it works; if it is unsupported or the test write or delete fails,
 * localStorage; and if even that fails, memory (nothing survives a reload; the app should say so).
 */
export async function selectStorageBackend(
  environment: BrowserStorageEnvironment = browserStorageEnvironment(),
): Promise<StorageBackendKind> {
  if (await probeIndexedDB(environment.indexedDB)) return 'indexeddb';
  if (probeLocalStorage(environment.localStorage)) return 'localstorage';
  return 'memory';
}
