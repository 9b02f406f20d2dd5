import { DEFAULT_CHAT_TITLE } from '@parley/core/entities';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { useActiveChat, useChatRuntime } from '../chat/chat-runtime';
import { useChatSummaries } from './use-chat-summaries';
import { useFixedRowsWindow } from './use-fixed-rows-window';

const ROW_HEIGHT = 56;

/** The sidebar's chats, newest first: title and preview; the open one highlighted. Virtualised. */
export function ChatList() {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const summaries = useChatSummaries();
  const activeChatId = useActiveChat((state) => state.activeChatId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = summaries?.length ?? 0;
  const { first, last } = useFixedRowsWindow(scrollRef, count, ROW_HEIGHT);

  if (summaries === null) return null;
  if (summaries.length === 0) {
    return (
      <div className="mx-1 mt-1 rounded-xl border border-dashed border-line-strong px-4 py-6 text-center">
        <p className="text-sm font-medium text-fg">{t('chatList.emptyTitle')}</p>
        <p className="mt-1 text-[13px] text-fg-subtle">{t('chatList.emptyBody')}</p>
      </div>
    );
  }
  return (
    <div ref={scrollRef} className="h-full overflow-y-auto">
      <ul aria-label={t('chatList.label')} className="relative" style={{ height: count * ROW_HEIGHT }}>
        {summaries.slice(first, last + 1).map((summary, offset) => {
          const active = summary.id === activeChatId;
          const title =
            summary.title === DEFAULT_CHAT_TITLE || summary.title === ''
              ? t('chatList.untitled')
              : summary.title;
          return (
            <li
              key={summary.id}
              className="absolute top-0 left-0 w-full"
              style={{ height: ROW_HEIGHT, transform: `translateY(${(first + offset) * ROW_HEIGHT}px)` }}
            >
              <button
                type="button"
                aria-current={active ? 'page' : undefined}
                onClick={() => void runtime.active.open(summary.id)}
                className={cn(
                  'flex h-[52px] w-full flex-col justify-center rounded-lg px-3 text-left transition-colors',
                  active ? 'bg-active text-fg' : 'text-fg-muted hover:bg-hover hover:text-fg',
                )}
              >
                <span
                  className={cn('w-full truncate text-sm', active ? 'font-semibold' : 'font-medium text-fg')}
                >
                  {title}
                </span>
                {summary.preview && (
                  <span className="w-full truncate text-xs text-fg-subtle">{summary.preview}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
