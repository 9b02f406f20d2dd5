import type { ThemedToken } from 'shiki/core';
import type { HighlightRequest, HighlightResponse } from './highlight-protocol';
import { languageLoaders } from './highlight-languages';

export { resolveLanguage } from './highlight-languages';

/**
 * Syntax highlighting for the page: code goes to the highlighting worker (started with the first
 * code block, so neither it nor shiki is part of the first load) and its tokens come back. Where no
 * worker can start, shiki runs on the page as before.
 */

let worker: Worker | null | undefined;
let nextId = 1;
const waiting = new Map<number, (tokens: ThemedToken[][] | undefined) => void>();

function highlightWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL('./highlight-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
    return worker;
  }
  worker.addEventListener('message', (event: MessageEvent<HighlightResponse>) => {
    const settle = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (event.data.error) console.warn('highlighting failed', event.data.error);
    settle?.(event.data.tokens);
  });
  worker.addEventListener('error', (event) => {
    // A worker that failed to start or crashed: the blocks waiting stay plain; the next starts anew.
    console.warn('the highlighting worker failed', event.message);
    for (const settle of waiting.values()) settle(undefined);
    waiting.clear();
    worker?.terminate();
    worker = undefined;
  });
  return worker;
}

async function tokenizeSomewhere(code: string, language: string): Promise<ThemedToken[][] | undefined> {
  const running = typeof Worker === 'undefined' ? null : highlightWorker();
  if (!running) return (await import('./highlight-engine')).tokenize(code, language);
  const id = nextId++;
  const request: HighlightRequest = { id, code, language };
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    running.postMessage(request);
  });
}

const MAX_CACHED = 200;
const cache = new Map<string, ThemedToken[][]>();

/** Highlighted from cache, synchronously (a list item scrolled back into view shows colour at once). */
export function cachedTokens(code: string, language: string): ThemedToken[][] | undefined {
  return cache.get(`${language}\u0000${code}`);
}

/** Tokens with both themes' colours (`color` light, `--shiki-dark` dark); undefined if not highlightable. */
export async function highlightCode(code: string, language: string): Promise<ThemedToken[][] | undefined> {
  const key = `${language}\u0000${code}`;
  const hit = cache.get(key);
  if (hit) return hit;
  if (!(language in languageLoaders)) return undefined;
  const tokens = await tokenizeSomewhere(code, language);
  if (!tokens) return undefined;
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, tokens);
  return tokens;
}
