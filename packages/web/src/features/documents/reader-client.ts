import type { DocumentKind, ImageLimits } from '@parley/core/documents';
import { readHtml } from './read-html';
import { ReadError, type ReadRequest, type ReadResponse, type ReadResult } from './reader-protocol';

/**
 * Reads files in the document reader worker, started with the first file (so neither it nor any
 * reading library is part of the first load). HTML is read on the page (see read-html.ts).
 */
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (result: ReadResult) => void>();

function readerWorker(): Worker {
  if (worker) return worker;
  worker = new Worker(new URL('./reader-worker.ts', import.meta.url), { type: 'module' });
  worker.addEventListener('message', (event: MessageEvent<ReadResponse>) => {
    const settle = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    settle?.(event.data.result);
  });
  worker.addEventListener('error', (event) => {
    // A worker that failed to start or crashed: every read waiting on it fails, the next starts anew.
    console.error('the document reader failed', event.message);
    for (const settle of waiting.values()) settle({ ok: false, code: 'failed' });
    waiting.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

export async function readDocument(
  file: Blob,
  name: string,
  kind: DocumentKind,
  imageLimits?: ImageLimits,
): Promise<ReadResult> {
  if (kind === 'html') {
    try {
      return await readHtml(file);
    } catch (error) {
      return { ok: false, code: error instanceof ReadError ? error.code : 'failed' };
    }
  }
  const id = nextId++;
  const request: ReadRequest = { id, kind, name, file, imageLimits };
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    readerWorker().postMessage(request);
  });
}
