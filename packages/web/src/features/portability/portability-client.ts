import type { ApplyProgress, ApplyReport } from '@parley/core/import';
import type { ReadOutcome, ReadStage } from './read-file';
import type { PortabilityReply, PortabilityRequest } from './worker-protocol';
import { portabilityWorkerUrl } from './worker-url';

export class CancelledError extends Error {
  constructor(readonly progress: ApplyProgress = { done: 0, total: 0 }) {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** IM7: reading the file took longer than its budget; the worker was stopped (and its memory freed). */
export class ReadTimeoutError extends Error {
  constructor(readonly seconds: number) {
    super(`reading took longer than ${seconds} s`);
    this.name = 'ReadTimeoutError';
  }
}

/** IM7: how long reading a file of `size` bytes may take: a minute, and 2 s more per MB. */
export function readBudgetMs(size: number): number {
  return 60_000 + Math.ceil(size / 1_000_000) * 2_000;
}

/** The worker's script could not be loaded: the page says so in words, not "worker failed". */
export class WorkerUnavailableError extends Error {
  constructor() {
    super('the file helper could not be loaded');
    this.name = 'WorkerUnavailableError';
  }
}

type Listener = (reply: PortabilityReply) => void;

/** One worker per file: read, then (when it writes) apply; close or cancel terminates it. */
export class PortabilityWorker {
  private readonly worker = new Worker(portabilityWorkerUrl, { type: 'module' });
  private listener: Listener = () => {};
  private fail: (error: Error) => void = () => {};

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<PortabilityReply>) =>
      this.listener(event.data),
    );
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      // No message: the worker's script did not load (offline before it was ever fetched).
      this.fail(event.message ? new Error(event.message) : new WorkerUnavailableError());
    });
  }

  private ask<T>(
    request: PortabilityRequest,
    handle: (reply: PortabilityReply, resolve: (value: T) => void, reject: (error: Error) => void) => void,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.fail = reject;
      this.listener = (reply) =>
        reply.type === 'failed' ? reject(new Error(reply.message)) : handle(reply, resolve, reject);
      this.worker.postMessage(request);
    });
  }

  /** Rejects with ReadTimeoutError (and stops the worker) past `budgetMs` (IM7). */
  read(
    file: Blob,
    now: number,
    writeHere: boolean,
    onStage: (stage: ReadStage) => void,
    budgetMs = readBudgetMs(file.size),
  ): Promise<ReadOutcome> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reading = this.ask<ReadOutcome>({ type: 'read', file, now, writeHere }, (reply, resolve) => {
      if (reply.type === 'stage') onStage(reply.stage);
      if (reply.type === 'read') resolve(reply.outcome);
    });
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.worker.terminate();
        reject(new ReadTimeoutError(Math.round(budgetMs / 1000)));
      }, budgetMs);
    });
    return Promise.race([reading, late]).finally(() => clearTimeout(timer));
  }

  apply(onProgress: (progress: ApplyProgress) => void): Promise<ApplyReport> {
    return this.ask({ type: 'apply' }, (reply, resolve, reject) => {
      if (reply.type === 'progress') onProgress(reply.progress);
      if (reply.type === 'applied') resolve(reply.report);
      if (reply.type === 'cancelled') reject(new CancelledError(reply.progress));
    });
  }

  zip(request: Extract<PortabilityRequest, { type: 'zip' | 'export' }>): Promise<Blob> {
    return this.ask(request, (reply, resolve) => {
      if (reply.type === 'zipped') resolve(reply.blob);
    });
  }

  /** While writing: stop between batches (what was written stays). Otherwise: stop at once. */
  cancel(writing: boolean): void {
    if (writing) return this.worker.postMessage({ type: 'cancel' } satisfies PortabilityRequest);
    this.worker.terminate();
    this.fail(new CancelledError());
  }

  close(): void {
    this.worker.terminate();
  }
}

/** The export zip, built in the worker: from the files given, or (`export`) read from IndexedDB there. */
export async function zipInWorker(
  request: Extract<PortabilityRequest, { type: 'zip' | 'export' }>,
): Promise<Blob> {
  const worker = new PortabilityWorker();
  try {
    return await worker.zip(request);
  } finally {
    worker.close();
  }
}
