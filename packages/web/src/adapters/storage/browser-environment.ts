/**
 * The browser storage APIs the adapters use, passed in rather than read from globals so tests can
 * hand in fake-indexeddb, a jsdom localStorage, or nothing at all.
 */
export interface BrowserStorageEnvironment {
  readonly indexedDB?: IDBFactory;
  readonly IDBKeyRange?: typeof IDBKeyRange;
  readonly localStorage?: Storage;
  /** Receives `storage` events from other tabs (window). */
  readonly eventTarget?: EventTarget;
}

/** Reading some of these globals throws (localStorage with cookies blocked), hence the guards. */
export function browserStorageEnvironment(): BrowserStorageEnvironment {
  const attempt = <T>(read: () => T): T | undefined => {
    try {
      return read() ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    indexedDB: attempt(() => globalThis.indexedDB),
    IDBKeyRange: attempt(() => globalThis.IDBKeyRange),
    localStorage: attempt(() => globalThis.localStorage),
    eventTarget: typeof window === 'undefined' ? undefined : window,
  };
}

export const PARLEY_DATABASE_NAME = 'parley';
/** The throw-away database the backend probe writes to. */
export const PROBE_DATABASE_NAME = 'parley-probe';

/** The automatic snapshots (storage SPEC SN), apart from the live data. */
export const SNAPSHOT_DATABASE_NAME = 'parley-snapshots';
