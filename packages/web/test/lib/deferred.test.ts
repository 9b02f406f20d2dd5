import { describe, expect, it, vi } from 'vitest';
import {
  afterFirstScreen,
  awaitFirstScreenParts,
  deferred,
  firstScreenPartShown,
  FIRST_SCREEN_MARK,
  prefetchAfterFirstScreen,
  PREFETCHED_MARK,
} from '../../src/lib/deferred';

describe('deferred', () => {
  it('creates the service once, however often it is asked for, and tells subscribers', async () => {
    const create = vi.fn(async () => ({ name: 'search' }));
    const service = deferred(create);
    const heard = vi.fn();
    service.subscribe(heard);
    expect(service.get()).toBeNull();
    const [first, second] = await Promise.all([service.load(), service.load()]);
    expect(first).toBe(second);
    expect(create).toHaveBeenCalledTimes(1);
    expect(service.get()).toEqual({ name: 'search' });
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('may be asked again after its chunk failed to load', async () => {
    const create = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('ok');
    const service = deferred(create);
    await expect(service.load()).rejects.toThrow('offline');
    expect(service.get()).toBeNull();
    await expect(service.load()).resolves.toBe('ok');
  });
});

function fakeWindow(readyState: DocumentReadyState) {
  const listeners = new Map<string, () => void>();
  const idle: Array<() => void> = [];
  return {
    win: {
      document: { readyState },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
      setTimeout: () => 0,
      clearTimeout: () => {},
      requestIdleCallback: (callback: () => void) => idle.push(callback),
      cancelIdleCallback: () => {},
    } as unknown as Parameters<typeof afterFirstScreen>[1],
    fireLoad: () => listeners.get('load')?.(),
    runIdle: () => idle.splice(0).forEach((callback) => callback()),
  };
}

describe('afterFirstScreen', () => {
  it('waits for the load event and an idle moment, then marks the first screen and runs', () => {
    performance.clearMarks(FIRST_SCREEN_MARK);
    const page = fakeWindow('loading');
    const task = vi.fn();
    afterFirstScreen(task, page.win);
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    page.fireLoad();
    expect(task).not.toHaveBeenCalled();
    page.runIdle();
    expect(task).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(FIRST_SCREEN_MARK)).toHaveLength(1);
  });

  it('never runs once cancelled', () => {
    const page = fakeWindow('complete');
    const task = vi.fn();
    const cancel = afterFirstScreen(task, page.win);
    cancel();
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
  });
});

describe('prefetchAfterFirstScreen', () => {
  function controlledLoad() {
    let finish = () => {};
    const load = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    return { load, finish: () => finish() };
  }

  it('fetches the parts after the first screen, one per idle moment, and marks when all have ended', async () => {
    performance.clearMarks(PREFETCHED_MARK);
    const page = fakeWindow('complete');
    const [first, second, cancelled] = [controlledLoad(), controlledLoad(), controlledLoad()];
    prefetchAfterFirstScreen(first.load, page.win);
    prefetchAfterFirstScreen(second.load, page.win);
    const cancel = prefetchAfterFirstScreen(cancelled.load, page.win);
    expect(first.load).not.toHaveBeenCalled();

    page.runIdle();
    expect(first.load).toHaveBeenCalledTimes(1);
    expect(second.load).not.toHaveBeenCalled(); // one part at a time
    cancel();
    first.finish();
    await Promise.resolve();
    expect(second.load).not.toHaveBeenCalled(); // the next waits for its own idle moment
    page.runIdle();
    expect(second.load).toHaveBeenCalledTimes(1);
    expect(performance.getEntriesByName(PREFETCHED_MARK)).toHaveLength(0); // one part is still on its way

    second.finish();
    await Promise.resolve();
    page.runIdle();
    expect(cancelled.load).not.toHaveBeenCalled();
    expect(performance.getEntriesByName(PREFETCHED_MARK)).toHaveLength(1);
  });

  it('goes on after a part fails to load', async () => {
    const page = fakeWindow('complete');
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const next = vi.fn(() => Promise.resolve());
    prefetchAfterFirstScreen(failing, page.win);
    prefetchAfterFirstScreen(next, page.win);
    page.runIdle();
    await Promise.resolve();
    page.runIdle();
    expect(next).toHaveBeenCalledTimes(1);
  });
});

describe("afterFirstScreen with the first screen's parts (decision 0079)", () => {
  it('waits until the sidebar and the chat have rendered and painted, not only for the load event', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    awaitFirstScreenParts(['sidebar', 'chat'], { setTimeout: () => 0 } as never);
    const page = fakeWindow('complete');
    const task = vi.fn();
    afterFirstScreen(task, page.win);
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    firstScreenPartShown('sidebar');
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    firstScreenPartShown('chat');
    // Not before the frame that paints them...
    expect(frames).toHaveLength(1);
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    frames.splice(0).forEach((frame) => frame());
    // ...and then a task after it (not in the frame itself), then an idle moment. The task is a
    // MessageChannel message, which a timer may pass under load: wait for it, not for a timer.
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    await vi.waitFor(() => {
      page.runIdle();
      expect(task).toHaveBeenCalledTimes(1);
    });
    // Later calls run at the next idle moment, as before.
    const later = vi.fn();
    afterFirstScreen(later, page.win);
    page.runIdle();
    expect(later).toHaveBeenCalledTimes(1);
  });

  it('stops waiting after a while when a part never says it rendered', () => {
    const timers: Array<() => void> = [];
    awaitFirstScreenParts(['sidebar', 'chat'], {
      setTimeout: (callback: () => void) => timers.push(callback),
    } as never);
    const page = fakeWindow('complete');
    const task = vi.fn();
    afterFirstScreen(task, page.win);
    page.runIdle();
    expect(task).not.toHaveBeenCalled();
    timers.splice(0).forEach((timer) => timer());
    page.runIdle();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
