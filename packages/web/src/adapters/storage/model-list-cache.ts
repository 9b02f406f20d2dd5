import { ModelListEntrySchema, listedProviders, type ModelListEntry } from '@parley/core/model-lists';
import { z } from 'zod';

/**
 * The model-list cache (decision 0033): its own small IndexedDB database, not a table of `parley`.
 * It is a cache, rebuilt from the providers at any time, never synced or backed up; keeping it
 * apart leaves the app's schema (and its upgrade path) untouched, and a version change here never
 * closes the app's open connections in other tabs. One record per provider and endpoint.
 */
import { MODEL_LIST_DATABASE_NAME } from './model-list-database';

export { MODEL_LIST_DATABASE_NAME };
const VERSION = 1;
const STORE = 'lists';

const CachedModelListSchema = z.object({
  key: z.string(),
  provider: z.enum(listedProviders),
  endpoint: z.string(),
  fetchedAt: z.number(),
  truncated: z.boolean(),
  entries: z.array(ModelListEntrySchema),
});
export type CachedModelList = z.infer<typeof CachedModelListSchema>;

export interface ModelListCache {
  get(key: string): Promise<CachedModelList | undefined>;
  put(record: CachedModelList): Promise<void>;
}

export function cacheKey(provider: string, endpoint: string): string {
  return `${provider} ${endpoint}`;
}

/** Entries that no longer parse (an older build wrote them) are dropped, not the whole list. */
function parseRecord(value: unknown): CachedModelList | undefined {
  const outer = CachedModelListSchema.omit({ entries: true })
    .extend({ entries: z.array(z.unknown()) })
    .safeParse(value);
  if (!outer.success) return undefined;
  const entries: ModelListEntry[] = [];
  for (const item of outer.data.entries) {
    const parsed = ModelListEntrySchema.safeParse(item);
    if (parsed.success) entries.push(parsed.data);
  }
  return { ...outer.data, entries };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(MODEL_LIST_DATABASE_NAME, VERSION);
    // Version 1: one store keyed out of line. Later versions add to this, never rewrite it.
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = (event) => {
      event.preventDefault();
      reject(req.error ?? new Error('model-list cache could not be opened'));
    };
  });
}

/** The IndexedDB cache; where IndexedDB does not work, a memory one (lists are fetched again). */
export async function openModelListCache(factory: IDBFactory | undefined): Promise<ModelListCache> {
  if (!factory) return memoryModelListCache();
  let db: IDBDatabase;
  try {
    db = await open(factory);
  } catch (error) {
    console.warn('Parley keeps model lists in memory only:', error);
    return memoryModelListCache();
  }
  return {
    async get(key) {
      try {
        return parseRecord(await request(db.transaction(STORE).objectStore(STORE).get(key)));
      } catch {
        return undefined;
      }
    },
    async put(record) {
      try {
        const tx = db.transaction(STORE, 'readwrite');
        tx.objectStore(STORE).put(record, record.key);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('model-list cache write failed'));
        });
      } catch (error) {
        // A full disk costs the cache, never the list on screen.
        console.warn('Parley could not cache a model list:', error);
      }
    },
  };
}

export function memoryModelListCache(): ModelListCache {
  const records = new Map<string, CachedModelList>();
  return {
    get: (key) => Promise.resolve(records.get(key)),
    put: (record) => {
      records.set(record.key, record);
      return Promise.resolve();
    },
  };
}
