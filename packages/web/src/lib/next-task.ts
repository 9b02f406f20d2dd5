/**
 * Runs `task` as a new task, after the events already waiting (queries, IndexedDB results). A
 * MessageChannel hop, because nested setTimeout(0) calls are clamped to 4 ms each: over a
 * multi-second index build of 12 ms slices that would leave the thread idle a quarter of the time.
 */
export function runInNextTask(task: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(task, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    task();
  };
  channel.port2.postMessage(null);
}

export function nextTask(): Promise<void> {
  return new Promise((resolve) => runInNextTask(resolve));
}
