import type { ChatSummary } from '@parley/core/entities';
import { useEffect, useState } from 'react';
import { useChatRuntime } from '../chat/chat-runtime';

/** Re-reading after a burst of writes (a streaming answer saves every 2 s) is batched. */
const REFRESH_DELAY_MS = 150;

/** The chat summaries, newest first, kept current as chats are written here or in other tabs. */
export function useChatSummaries(): ChatSummary[] | null {
  const { store } = useChatRuntime().services;
  const [summaries, setSummaries] = useState<ChatSummary[] | null>(null);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      store.chats.listSummaries().then(
        (list) => {
          if (!cancelled) setSummaries(list);
        },
        (error: unknown) => console.error('listing chats failed', error),
      );
    };
    load();
    const unsubscribe = store.onChange((change) => {
      if (change.area !== 'chats') return;
      clearTimeout(timer);
      timer = setTimeout(load, REFRESH_DELAY_MS);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);
  return summaries;
}
