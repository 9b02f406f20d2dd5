import {
  ancestorsOf,
  buildMessageTree,
  selectedPathOf,
  siblingsOf,
  type MessageTree,
} from '@parley/core/chat';
import type { Chat, Message } from '@parley/core/entities';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { ArrowDownIcon } from '../../ui/icons/message';
import { useActiveChat, useChatRuntime } from './chat-runtime';
import { useFocusedMessage } from './message-focus';
import { MessageRow } from './MessageRow';
import { ComparisonRow } from './ComparisonRow';
import { comparisonOnPath } from './comparison-view';
import type { ChatActions } from './use-chat-actions';
import { useStickToBottom } from './use-stick-to-bottom';

const STREAMING_KEY = '__streaming__';
const COMPARISON_KEY = '__comparison__';

/** BR8: where a message stands among its versions, as plain values (the rows are memoised). */
function versionsOf(tree: MessageTree, id: string) {
  const { siblings, index } = siblingsOf(tree, id);
  if (siblings.length < 2 || index === -1) return undefined;
  return {
    versionIndex: index,
    versionCount: siblings.length,
    previousVersionId: siblings[index - 1]?.id,
    nextVersionId: siblings[index + 1]?.id,
  };
}
const estimateRowSize = () => 140;

/**
 * The messages of the open chat, virtualised (thousands of messages cost only the visible ones), with
 * the streaming answer as the last row. Follows the end while an answer streams, unless the user
 * scrolled up; then "Jump to latest" brings them back.
 */
export function MessageList({
  chatId,
  messages,
  selectedPath,
  actions,
  readOnly = false,
}: {
  chatId: string;
  /** Every message of the chat, all branches (BR1). */
  messages: readonly Message[];
  selectedPath: Chat['selectedPath'];
  actions: ChatActions;
  /** A deleted chat shown from Recently Deleted: nothing that changes it is offered. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const title = useActiveChat((state) => state.chat?.chatTitle);
  const runtime = useChatRuntime();
  const streamingId = useStore(runtime.streaming, (state) => state.answers[chatId]?.messageId);
  const streamingParent = useStore(runtime.streaming, (state) => state.answers[chatId]?.parentId);
  const comparison = useStore(runtime.comparisons, (state) => state.byChat[chatId]);
  const tree = useMemo(() => buildMessageTree(messages), [messages]);
  // BR2: the selected path only; while a new version streams, the path of the message it answers.
  // The answer is saved while it streams: show the live row, not its saved copy. Deleted messages
  // stay in the chat as tombstones (ED5) and are off every path.
  const shown = useMemo(() => {
    const path =
      streamingParent !== undefined
        ? ancestorsOf(tree, streamingParent)
        : selectedPathOf({ messages: messages as Message[], selectedPath }, tree);
    // MC*: several models' answers show side by side, as one row after their question.
    return comparisonOnPath(path, comparison).filter((message) => message.id !== streamingId);
  }, [tree, messages, selectedPath, streamingId, streamingParent, comparison]);
  const sideBySide = comparison !== undefined && shown.at(-1)?.id === comparison.parentId;
  // Stable while nothing but the streaming row changes, so the virtualiser re-measures only that row.
  // The live row has the answer's own id as key: when it is saved, the same row stays (see MessageRow).
  const itemKey = useCallback(
    (index: number) => shown[index]?.id ?? (sideBySide ? COMPARISON_KEY : (streamingId ?? STREAMING_KEY)),
    [shown, streamingId, sideBySide],
  );
  const count = shown.length + (streamingId || sideBySide ? 1 : 0);
  const comparing = comparison?.columns.some((column) => column.running) ?? false;
  // Busy rows offer no edits, no Retry or Continue: what a read-only chat needs too.
  const busy = streamingId !== undefined || comparing || readOnly;

  const scrollRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const { pinned, jumpToEnd, pinnedRef } = useStickToBottom(scrollRef, contentRef);

  // The virtualizer re-renders this component itself; nothing memoised receives its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 6,
    getItemKey: itemKey,
  });

  // A chat opens at its end.
  useLayoutEffect(() => {
    if (count > 0) virtualizer.scrollToIndex(count - 1, { align: 'end' });
    jumpToEnd();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another chat is opened
  }, [chatId]);

  // A new message (sent or answered) brings the view to the end.
  const lastKey = shown.at(-1)?.id;
  useEffect(() => {
    if (lastKey !== undefined) jumpToEnd();
  }, [lastKey, streamingId, jumpToEnd]);

  // Search results open a chat at the matching message (declared after the effects above, so it wins).
  // A match on another branch opens that branch (the search indexes every version).
  const focusedId = useFocusedMessage(
    chatId,
    shown,
    virtualizer,
    pinnedRef,
    readOnly ? undefined : actions.showBranchOf,
  );

  const lastIndex = shown.length - 1;
  return (
    <div className="relative min-h-0 flex-1">
      <section
        ref={scrollRef}
        className="@container h-full overflow-y-auto [overflow-anchor:none]"
        aria-label={t('chat.messagesLabel')}
      >
        {/* The page's heading for screen readers (the start screen shows its own). */}
        <h1 className="sr-only">{title || t('chatList.untitled')}</h1>
        <div
          ref={contentRef}
          className="relative mx-auto w-full max-w-3xl px-4 sm:px-6"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const message = shown[item.index];
            return (
              <div
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                data-focused={message && message.id === focusedId ? '' : undefined}
                className="absolute top-0 left-0 w-full rounded-xl px-4 transition-colors duration-700 data-[focused]:bg-accent-soft sm:px-6"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {sideBySide && item.index === shown.length ? (
                  <ComparisonRow
                    chatId={chatId}
                    comparison={comparison}
                    messages={tree.byId}
                    actions={actions}
                  />
                ) : (
                  <MessageRow
                    chatId={chatId}
                    message={message}
                    rowId={String(item.key)}
                    actions={actions}
                    busy={busy}
                    isLast={item.index === lastIndex && !busy}
                    {...(message ? versionsOf(tree, message.id) : undefined)}
                  />
                )}
              </div>
            );
          })}
        </div>
      </section>
      {!pinned && (
        <button
          type="button"
          onClick={() => {
            virtualizer.scrollToIndex(count - 1, { align: 'end' });
            jumpToEnd();
          }}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full border border-line-strong bg-raised px-3.5 py-1.5 text-[13px] font-medium text-fg shadow-popover hover:bg-hover"
        >
          <ArrowDownIcon size={14} />
          {t('chat.jumpToLatest')}
        </button>
      )}
    </div>
  );
}
