/**
 * Decides whether this browser can run Parley (the Unsupported Browser screen, spec section 2).
 * Needed: somewhere to keep data (IndexedDB, or localStorage as the fallback, spec section 4),
 * streaming fetch to read model answers as they arrive, and WebCrypto for API-key encryption.
 */
export type MissingFeature = 'storage' | 'streamingFetch' | 'textDecoderStream' | 'webCrypto';

export type BrowserSupport = { supported: boolean; missing: MissingFeature[] };

/** The globals the check looks at; `captureBrowserEnv(window)` reads them safely. */
export type BrowserEnv = {
  indexedDB?: unknown;
  localStorage?: Pick<Storage, 'setItem' | 'removeItem'> | null;
  Response?: { prototype: object } | undefined;
  ReadableStream?: unknown;
  TextDecoderStream?: unknown;
  crypto?: { subtle?: unknown } | null;
};

const PROBE_KEY = 'TM_storageProbe';

function localStorageWorks(storage: BrowserEnv['localStorage']): boolean {
  if (!storage) return false;
  try {
    storage.setItem(PROBE_KEY, '1');
    storage.removeItem(PROBE_KEY);
    return true;
  } catch {
    return false;
  }
}

function indexedDBPresent(indexedDB: unknown): boolean {
  return typeof (indexedDB as { open?: unknown } | null | undefined)?.open === 'function';
}

export function detectBrowserSupport(env: BrowserEnv): BrowserSupport {
  const missing: MissingFeature[] = [];
  if (!indexedDBPresent(env.indexedDB) && !localStorageWorks(env.localStorage)) missing.push('storage');
  const streamingBody = !!env.Response && 'body' in env.Response.prototype;
  if (!streamingBody || typeof env.ReadableStream !== 'function') missing.push('streamingFetch');
  if (typeof env.TextDecoderStream !== 'function') missing.push('textDecoderStream');
  if (!env.crypto?.subtle) missing.push('webCrypto');
  return { supported: missing.length === 0, missing };
}

/** Reads the globals without letting a throwing getter (blocked storage) escape. */
export function captureBrowserEnv(win: Window & typeof globalThis): BrowserEnv {
  const read = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      return undefined;
    }
  };
  return {
    indexedDB: read(() => win.indexedDB),
    localStorage: read(() => win.localStorage),
    Response: read(() => win.Response),
    ReadableStream: read(() => win.ReadableStream),
    TextDecoderStream: read(() => win.TextDecoderStream),
    crypto: read(() => win.crypto),
  };
}
