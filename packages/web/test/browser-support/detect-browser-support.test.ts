import { describe, expect, it } from 'vitest';
import {
  captureBrowserEnv,
  detectBrowserSupport,
  type BrowserEnv,
} from '../../src/features/browser-support/detect-browser-support';
import { memoryStorage } from '../support/memory-storage';

class FakeReadableStream {}
class FakeTextDecoderStream {}
class ResponseWithBody {
  get body() {
    return null;
  }
}

function modernBrowser(overrides: Partial<BrowserEnv> = {}): BrowserEnv {
  return {
    indexedDB: { open: () => undefined },
    localStorage: memoryStorage(),
    Response: ResponseWithBody,
    ReadableStream: FakeReadableStream,
    TextDecoderStream: FakeTextDecoderStream,
    crypto: { subtle: {} },
    ...overrides,
  };
}

const throwingStorage = {
  setItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  removeItem: () => {},
};

describe('detectBrowserSupport', () => {
  it('a modern browser is supported', () => {
    expect(detectBrowserSupport(modernBrowser())).toEqual({ supported: true, missing: [] });
  });

  it('spec §4: either IndexedDB or localStorage is enough', () => {
    expect(detectBrowserSupport(modernBrowser({ indexedDB: undefined })).supported).toBe(true);
    expect(detectBrowserSupport(modernBrowser({ localStorage: null })).supported).toBe(true);
  });

  it('without IndexedDB and a working localStorage, storage is missing', () => {
    expect(detectBrowserSupport(modernBrowser({ indexedDB: undefined, localStorage: null })).missing).toEqual(
      ['storage'],
    );
    expect(
      detectBrowserSupport(modernBrowser({ indexedDB: null, localStorage: throwingStorage })).missing,
    ).toEqual(['storage']);
  });

  it('needs a streaming body on fetch responses', () => {
    expect(detectBrowserSupport(modernBrowser({ Response: class {} })).missing).toEqual(['streamingFetch']);
    expect(detectBrowserSupport(modernBrowser({ ReadableStream: undefined })).missing).toEqual([
      'streamingFetch',
    ]);
    expect(detectBrowserSupport(modernBrowser({ Response: undefined })).missing).toEqual(['streamingFetch']);
  });

  it('needs TextDecoderStream', () => {
    expect(detectBrowserSupport(modernBrowser({ TextDecoderStream: undefined })).missing).toEqual([
      'textDecoderStream',
    ]);
  });

  it('needs WebCrypto (crypto.subtle, absent on plain-HTTP origins)', () => {
    expect(detectBrowserSupport(modernBrowser({ crypto: {} })).missing).toEqual(['webCrypto']);
    expect(detectBrowserSupport(modernBrowser({ crypto: undefined })).missing).toEqual(['webCrypto']);
  });

  it('lists everything that is missing, in a stable order', () => {
    expect(detectBrowserSupport({})).toEqual({
      supported: false,
      missing: ['storage', 'streamingFetch', 'textDecoderStream', 'webCrypto'],
    });
  });
});

describe('captureBrowserEnv', () => {
  it('turns a throwing getter (blocked storage) into "absent"', () => {
    const win = {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
      indexedDB: undefined,
      crypto: { subtle: {} },
    } as unknown as Window & typeof globalThis;
    const env = captureBrowserEnv(win);
    expect(env.localStorage).toBeUndefined();
    expect(env.crypto).toEqual({ subtle: {} });
  });
});
