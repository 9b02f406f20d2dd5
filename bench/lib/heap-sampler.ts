import type { CDPSession, Page } from 'playwright-core';

const MB = 1024 * 1024;

export type HeapPeaks = { pageMB: number; workersMB: number };

/**
 * Samples the JS heap of the page and of every dedicated worker it starts (`Runtime.getHeapUsage`
 * through the DevTools protocol, workers reached by auto-attaching as in js-heap.ts) every
 * `everyMs`, and keeps the peaks: `performance.memory` is coarse and never sees a worker, which is
 * where an import holds the file. A busy worker answers when its task ends; its sample is late, not lost.
 */
export async function startHeapSampler(page: Page, everyMs = 250) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers = new Set<string>();
  const latest = new Map<string, number>();
  const pending = new Map<number, (result: unknown) => void>();
  const busy = new Set<string>();
  const peaks = { page: 0, workers: 0 };
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') workers.add(event.sessionId);
  });
  cdp.on('Target.detachedFromTarget', (event) => {
    workers.delete(event.sessionId);
    latest.delete(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const workerHeap = (sessionId: string) =>
    new Promise<number>((resolve) => {
      const id = nextId++;
      pending.set(id, (result) => {
        pending.delete(id);
        resolve((result as { usedSize?: number } | undefined)?.usedSize ?? 0);
      });
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method: 'Runtime.getHeapUsage' }),
        })
        .catch(() => resolve(0));
    });
  // Each worker answers in its own time; the workers' total is the sum of their latest answers.
  const sampleWorker = (sessionId: string) => {
    if (busy.has(sessionId)) return;
    busy.add(sessionId);
    void workerHeap(sessionId).then((used) => {
      busy.delete(sessionId);
      if (workers.has(sessionId)) latest.set(sessionId, used);
      else latest.delete(sessionId);
      peaks.workers = Math.max(
        peaks.workers,
        [...latest.values()].reduce((a, b) => a + b, 0),
      );
    });
  };
  let running = false;
  const timer = setInterval(() => {
    workers.forEach(sampleWorker);
    if (running) return;
    running = true;
    void cdp
      .send('Runtime.getHeapUsage')
      .then((used) => (peaks.page = Math.max(peaks.page, used.usedSize)))
      .catch(() => undefined)
      .finally(() => (running = false));
  }, everyMs);
  return {
    /** The peaks since the last reset, in MB. */
    read(): HeapPeaks {
      return { pageMB: Math.round(peaks.page / MB), workersMB: Math.round(peaks.workers / MB) };
    },
    reset() {
      peaks.page = 0;
      peaks.workers = 0;
    },
    async stop() {
      clearInterval(timer);
      await cdp.detach().catch(() => undefined);
    },
  };
}
