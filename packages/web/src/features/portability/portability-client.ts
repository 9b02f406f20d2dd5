import type { ReadOutcome, ReadStage } from './read-file';
import type { PortabilityReply, PortabilityRequest } from './worker-protocol';

export interface Running<T> {
  readonly done: Promise<T>;
  cancel(): void;
}

export class CancelledError extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CancelledError';
  }
}

/** One worker per job, so cancel is a terminate and nothing half-done lingers. */
function run<T>(
  request: PortabilityRequest,
  onStage: (stage: ReadStage) => void,
  pick: (reply: PortabilityReply) => T | undefined,
): Running<T> {
  const worker = new Worker(new URL('./portability-worker.ts', import.meta.url), { type: 'module' });
  let reject: (error: Error) => void = () => {};
  const done = new Promise<T>((resolve, fail) => {
    reject = fail;
    worker.addEventListener('message', (event: MessageEvent<PortabilityReply>) => {
      const reply = event.data;
      if (reply.type === 'stage') return onStage(reply.stage);
      if (reply.type === 'failed') fail(new Error(reply.message));
      else {
        const value = pick(reply);
        if (value !== undefined) resolve(value);
      }
      worker.terminate();
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      fail(new Error(event.message || 'worker failed'));
      worker.terminate();
    });
  });
  worker.postMessage(request);
  return {
    done,
    cancel() {
      worker.terminate();
      reject(new CancelledError());
    },
  };
}

export function readInWorker(
  file: Blob,
  now: number,
  onStage: (stage: ReadStage) => void,
): Running<ReadOutcome> {
  return run({ type: 'read', file, now }, onStage, (reply) =>
    reply.type === 'read' ? reply.outcome : undefined,
  );
}

export function zipInWorker(files: Record<string, string>): Running<Uint8Array> {
  return run(
    { type: 'zip', files },
    () => {},
    (reply) => (reply.type === 'zipped' ? reply.bytes : undefined),
  );
}
