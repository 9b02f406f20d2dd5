import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PortabilityWorker,
  readBudgetMs,
  ReadTimeoutError,
  zipInWorker,
} from '../../src/features/portability/portability-client';
import type { PortabilityReply, PortabilityRequest } from '../../src/features/portability/worker-protocol';

/** A stand-in for the portability worker: records what the page sends and answers with `answer`. */
class FakeWorker extends EventTarget {
  static last: FakeWorker | null = null;
  static answer: (request: PortabilityRequest) => PortabilityReply = () => ({
    type: 'failed',
    message: 'no',
  });
  readonly sent: { message: PortabilityRequest; transfer?: Transferable[] }[] = [];
  terminated = false;
  constructor() {
    super();
    FakeWorker.last = this;
  }
  postMessage(message: PortabilityRequest, transfer?: Transferable[]) {
    this.sent.push({ message, transfer });
    const reply = FakeWorker.answer(message);
    queueMicrotask(() => this.dispatchEvent(new MessageEvent('message', { data: reply })));
  }
  terminate() {
    this.terminated = true;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the export through the portability worker', () => {
  it('IM30 asks the worker to read and zip the store, and hands back the Blob it made, untouched', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    const blob = new Blob(['PK'], { type: 'application/zip' });
    FakeWorker.answer = () => ({ type: 'zipped', blob });
    const request = {
      type: 'export',
      categories: ['chats'],
      exportedAt: '2026-01-01T00:00:00.000Z',
    } satisfies PortabilityRequest;

    await expect(zipInWorker(request)).resolves.toBe(blob);
    expect(FakeWorker.last!.sent).toEqual([{ message: request, transfer: undefined }]);
    expect(FakeWorker.last!.terminated).toBe(true);
  });

  it("a worker's failure rejects with its message, and the worker is closed", async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.answer = () => ({ type: 'failed', message: 'disk full' });
    await expect(zipInWorker({ type: 'zip', files: { 'a.json': '{}' } })).rejects.toThrow('disk full');
    expect(FakeWorker.last!.terminated).toBe(true);
  });

  it('IM7 reading that outlasts its budget stops the worker and says how long it was given', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    vi.useFakeTimers();
    // A worker busy with a zip bomb: only stage notes, never the outcome.
    FakeWorker.answer = () => ({ type: 'stage', stage: 'parsing' });
    const file = new Blob([new Uint8Array(2_700_000)]);
    expect(readBudgetMs(file.size)).toBe(66_000);
    const reading = new PortabilityWorker().read(file, 0, true, () => undefined);
    const outcome = expect(reading).rejects.toEqual(new ReadTimeoutError(66));
    await vi.advanceTimersByTimeAsync(65_999);
    expect(FakeWorker.last!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(FakeWorker.last!.terminated).toBe(true);
  });
});
