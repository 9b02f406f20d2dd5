import {
  browserStorageEnvironment,
  PARLEY_DATABASE_NAME,
  PROBE_DATABASE_NAME,
  SNAPSHOT_DATABASE_NAME,
} from './browser-environment';
import type { BrowserStorageEnvironment } from './browser-environment';
import { bytesReplacer } from './byte-encoding';

/**
 * "Dump All Local Data" on the fatal-error screen: every localStorage key and every row of the
 * app's IndexedDB databases, as JSON text, plus its size in bytes. It runs when the app has
 * crashed, so it depends on nothing but the browser APIs and never rejects: what cannot be read is
 * listed under `errors`.
 */
export interface LocalDataDump {
  readonly text: string;
  readonly bytes: number;
}

interface DumpRow {
  readonly key: unknown;
  readonly value: unknown;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

function dumpLocalStorage(storage: Storage | undefined, errors: string[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (!storage) return out;
  try {
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) out[key] = storage.getItem(key);
    }
  } catch (error) {
    errors.push(`localStorage: ${describeError(error)}`);
  }
  return out;
}

async function databaseNames(environment: BrowserStorageEnvironment): Promise<string[]> {
  const names = new Set([PARLEY_DATABASE_NAME]);
  try {
    const listed = await environment.indexedDB?.databases?.();
    for (const info of listed ?? [])
      // Snapshots are copies of the same data (as compressed Blobs, which JSON cannot hold).
      if (info.name && info.name !== PROBE_DATABASE_NAME && info.name !== SNAPSHOT_DATABASE_NAME) {
        names.add(info.name);
      }
  } catch {
    // databases() is missing in older browsers; the app's own database is dumped regardless.
  }
  return [...names];
}

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens at whatever version the database has (never creating or upgrading it) and closes on upgrades. */
export function openAsItIs(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(name);
    let missing = false;
    req.onupgradeneeded = () => {
      missing = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => req.result.close();
      resolve(req.result);
    };
    req.onerror = (event) => {
      event.preventDefault();
      reject(missing ? new Error('the database does not exist') : (req.error ?? new Error('open failed')));
    };
  });
}

/** Opens without a declared schema, so a schema bug cannot block the dump; every table, every row. */
async function dumpDatabase(
  name: string,
  environment: BrowserStorageEnvironment,
): Promise<Record<string, DumpRow[]>> {
  const db = await openAsItIs(environment.indexedDB!, name);
  try {
    const tables: Record<string, DumpRow[]> = {};
    for (const table of Array.from(db.objectStoreNames)) {
      const store = db.transaction(table, 'readonly').objectStore(table);
      const [keys, values] = await Promise.all([request(store.getAllKeys()), request(store.getAll())]);
      tables[table] = keys.map((key, index) => ({ key, value: values[index] }));
    }
    return tables;
  } finally {
    db.close();
  }
}

export async function dumpAllLocalData(
  environment: BrowserStorageEnvironment = browserStorageEnvironment(),
): Promise<LocalDataDump> {
  const errors: string[] = [];
  const localStorageDump = dumpLocalStorage(environment.localStorage, errors);
  const indexedDB: Record<string, Record<string, DumpRow[]>> = {};
  if (environment.indexedDB) {
    for (const name of await databaseNames(environment)) {
      try {
        indexedDB[name] = await dumpDatabase(name, environment);
      } catch (error) {
        errors.push(`IndexedDB ${name}: ${describeError(error)}`);
      }
    }
  }
  let text: string;
  try {
    text = JSON.stringify({ localStorage: localStorageDump, indexedDB, errors }, bytesReplacer, 2);
  } catch (error) {
    text = JSON.stringify(
      { localStorage: localStorageDump, errors: [...errors, `serialise: ${describeError(error)}`] },
      null,
      2,
    );
  }
  return { text, bytes: new TextEncoder().encode(text).byteLength };
}
