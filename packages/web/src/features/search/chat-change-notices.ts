import type { StoragePort } from '@parley/core/storage';

export interface ChatChangeNotices {
  stop(): void;
}

/**
 * The main thread's whole part in feeding the index when the worker reads IndexedDB itself:
 * gather the ids of chats the store reports changed (this tab or another) for `delayMs`, then
 * name them to the worker, which re-reads those chats. A streamed answer saves often; the delay
 * turns a burst of saves into one re-read. Nothing is read or parsed on this thread.
 */
export function startChatChangeNotices(
  store: StoragePort,
  delayMs: number,
  changed: (chatIds: readonly string[]) => void,
): ChatChangeNotices {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const unsubscribe = store.onChange((change) => {
    if (change.area !== 'chats' || change.ids.length === 0) return;
    for (const id of change.ids) pending.add(id);
    timer ??= setTimeout(() => {
      timer = undefined;
      const ids = [...pending];
      pending.clear();
      changed(ids);
    }, delayMs);
  });

  return {
    stop() {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
