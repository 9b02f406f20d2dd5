import type { ApplyProgress, ApplyReport } from '@parley/core/import';
import type { ReadOutcome, ReadStage } from './read-file';
import type { PortabilityReply, PortabilityRequest } from './worker-protocol';

export class CancelledError extends Error {
  constructor(readonly progress: ApplyProgress = { done: 0, total: 0 }) {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

type Listener = (reply: PortabilityReply) => void;

/** One worker per file: read, then (when it writes) apply; close or cancel terminates it. */
export class PortabilityWorker {
  private readonly worker = new Worker(new URL('./portability-worker.ts', import.meta.url), {
    type: 'module',
  });
  private listener: Listener = () => {};
  private fail: (error: Error) => void = () => {};

  constructor() {
    this.worker.addEventListener('message', (event: MessageEvent<PortabilityReply>) =>
      this.listener(event.data),
    );
    this.worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.fail(new Error(event.message || 'worker failed'));
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

  read(
    file: Blob,
    now: number,
    writeHere: boolean,
    onStage: (stage: ReadStage) => void,
  ): Promise<ReadOutcome> {
    return this.ask({ type: 'read', file, now, writeHere }, (reply, resolve) => {
      if (reply.type === 'stage') onStage(reply.stage);
      if (reply.type === 'read') resolve(reply.outcome);
    });
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
