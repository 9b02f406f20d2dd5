import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAllStrings } from '../src/i18n';
import { loadToasts } from '../src/features/toasts/notify';

afterEach(() => cleanup());

// The test files of a worker share one jsdom (isolate: false, decision 0065): this runs before each
// file, so every file starts from an empty page, empty storage, real timers and unstubbed globals.
localStorage.clear();
sessionStorage.clear();
for (const name of document.documentElement.getAttributeNames()) {
  if (name !== 'lang') document.documentElement.removeAttribute(name);
}
document.head.innerHTML = '';
document.body.innerHTML = '';
vi.useRealTimers();
vi.unstubAllGlobals();
vi.restoreAllMocks();

// Unit tests render with every string; the app loads lazy screens' strings with them (decision 0060).
await loadAllStrings();
// Toasts load after the first screen in the app (decision 0079); tests show them at once.
await loadToasts();

// jsdom lacks these browser APIs that react-hot-toast, cmdk and virtual lists use.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// The IndexedDB engine (idb) recognises requests and databases with `instanceof`; jsdom has no
// IndexedDB classes, so fake-indexeddb's are installed. `indexedDB` itself stays absent: each test
// passes its own IDBFactory, and fallback tests rely on there being none.
import * as fakeIndexedDbClasses from 'fake-indexeddb';
for (const name of [
  'IDBCursor',
  'IDBCursorWithValue',
  'IDBDatabase',
  'IDBIndex',
  'IDBKeyRange',
  'IDBObjectStore',
  'IDBOpenDBRequest',
  'IDBRequest',
  'IDBTransaction',
] as const) {
  if (!(name in globalThis)) Object.assign(globalThis, { [name]: fakeIndexedDbClasses[name] });
}
