import type { ChatSearchResult } from '@parley/core/search';
import { DEFAULT_SEARCH_LIMIT } from '@parley/core/search';
import { Command } from 'cmdk';
import { memo, useEffect } from 'react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatSearch } from '../search';
import { ChatResultItem } from './ChatResultItem';
import { useResultWindow } from './result-window';

/** The chat results' share of the palette: up to 50 per query, in the worker (spec section 9). */
export const CHAT_RESULTS_LIMIT = DEFAULT_SEARCH_LIMIT;

/**
 * The palette's chat results, a component of their own: an answer from the worker renders this
 * group alone, not the whole palette (decision 0149). Renders nothing for a blank query.
 */
export const ChatResults = memo(function ChatResults({
  query,
  selected,
  listRef,
  onOpen,
}: {
  query: string;
  /** The palette's selected value: moving down to the last rendered results renders more. */
  selected: string;
  /** The scrolling list: scrolled near its end, more results render. */
  listRef: RefObject<HTMLDivElement | null>;
  onOpen: (result: ChatSearchResult) => void;
}) {
  const { t } = useTranslation();
  const search = useChatSearch(query, { limit: CHAT_RESULTS_LIMIT });
  // Only the first results render with each answer; more as the user scrolls or moves down to them.
  const resultWindow = useResultWindow(search.results);
  const selectedResult = resultWindow.shown.findIndex((result) => `chat-${result.chatId}` === selected);
  if (selectedResult >= 0 && resultWindow.nearEnd(selectedResult)) resultWindow.more();
  const { more } = resultWindow;
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const onScroll = () => {
      if (list.scrollTop + list.clientHeight >= list.scrollHeight - 120) more();
    };
    list.addEventListener('scroll', onScroll, { passive: true });
    return () => list.removeEventListener('scroll', onScroll);
  }, [listRef, more]);

  if (query.trim() === '') return null;
  return (
    <Command.Group heading={t('palette.chatsGroup')}>
      {resultWindow.shown.map((result) => (
        <ChatResultItem key={result.chatId} result={result} onOpen={onOpen} />
      ))}
      <p className="px-3 py-1.5 text-xs text-fg-subtle" aria-live="polite">
        {search.status === 'searching' && search.results.length === 0
          ? t('palette.searching')
          : search.status === 'ready' && search.results.length === 0
            ? t('palette.noResults')
            : search.hasMore
              ? t('palette.more', { count: search.results.length })
              : !search.complete && search.status === 'ready'
                ? t('palette.indexing')
                : null}
      </p>
    </Command.Group>
  );
});
