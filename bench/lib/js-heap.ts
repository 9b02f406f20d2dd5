import type { CDPSession, Page } from 'playwright-core';

/** JS heap in use, in MB: the page's main thread and its dedicated workers (the search index lives in one). */
export type JsHeapUse = { page: number; workers: number; workerCount: number };

const MB = 1024 * 1024;

/**
 * Measures after a full garbage collection, through the DevTools protocol: `Runtime.getHeapUsage` on
 * the page, and on every worker reached by auto-attaching (non-flat sessions, so Playwright's own
 * session is left alone). What a task manager would call the tab's JS memory.
 */
export async function measureJsHeap(page: Page): Promise<JsHeapUse> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const workers = await workerHeaps(cdp);
    return {
      page: usedSize / MB,
      workers: workers.reduce((sum, used) => sum + used, 0) / MB,
      workerCount: workers.length,
    };
  } finally {
    await cdp.detach();
  }
}

async function workerHeaps(cdp: CDPSession): Promise<number[]> {
  const sessions: string[] = [];
  const pending = new Map<number, (result: unknown) => void>();
  cdp.on('Target.attachedToTarget', (event) => {
    if (event.targetInfo.type === 'worker') sessions.push(event.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  let nextId = 1;
  const ask = (sessionId: string, method: string) =>
    new Promise<unknown>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    });
  const used: number[] = [];
  for (const sessionId of sessions) {
    await ask(sessionId, 'HeapProfiler.collectGarbage');
    const result = (await ask(sessionId, 'Runtime.getHeapUsage')) as { usedSize: number };
    used.push(result.usedSize);
  }
  return used;
}
