import { previewText } from './preview-text';
import type { ChatSummary } from '@parley/core/entities';
import { DEFAULT_CHAT_TITLE } from '@parley/core/entities';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { ChatAvatar } from './ChatAvatar';
import { ChatRowMenu } from './ChatRowMenu';
import type { SidebarView } from './sidebar-rows';
import { SidebarPinIcon as PinIcon } from '../../ui/icons/sidebar';

export type RowClick = (chat: ChatSummary, event: React.MouseEvent) => void;

export function chatTitle(chat: Pick<ChatSummary, 'title'>, untitled: string): string {
  return chat.title === '' || chat.title === DEFAULT_CHAT_TITLE ? untitled : chat.title;
}

/**
 * One chat in the sidebar. Props are plain values (no store reads), and the row is memoised, so
 * scrolling 10,000 chats renders only the rows that come into view.
 */
export const ChatRow = memo(function ChatRow({
  chat,
  view,
  active,
  selecting,
  selected,
  inFolder,
  onClick,
}: {
  chat: ChatSummary;
  view: SidebarView;
  active: boolean;
  selecting: boolean;
  selected: boolean;
  inFolder: boolean;
  onClick: RowClick;
}) {
  const { t } = useTranslation();
  const title = chatTitle(chat, t('chatList.untitled'));
  return (
    <div
      className={cn(
        'group relative flex h-[54px] items-center gap-2.5 rounded-lg pr-1 transition-colors',
        inFolder ? 'pl-6' : 'pl-2',
        active && !selecting ? 'bg-active' : selected ? 'bg-accent-soft' : 'hover:bg-hover',
      )}
    >
      {selecting && (
        <input
          type="checkbox"
          checked={selected}
          aria-label={t('sidebar.selectChat', { title })}
          onChange={() => {}}
          onClick={(event) => onClick(chat, event)}
          className="size-4 shrink-0 accent-[var(--color-accent)]"
        />
      )}
      <button
        type="button"
        draggable={view === 'chats'}
        data-chat-id={chat.id}
        aria-current={active ? 'page' : undefined}
        aria-pressed={selecting ? selected : undefined}
        onClick={(event) => onClick(chat, event)}
        className="flex min-w-0 flex-1 items-center gap-2.5 text-left outline-offset-[-2px]"
      >
        <ChatAvatar chat={chat} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex min-w-0 items-center gap-1">
            <span className={cn('truncate text-sm text-fg', active ? 'font-semibold' : 'font-medium')}>
              {title}
            </span>
            {chat.favoritedAt !== null && view === 'chats' && (
              <PinIcon size={12} className="shrink-0 text-fg-subtle" />
            )}
          </span>
          <span className="flex min-w-0 items-center gap-1">
            {chat.tags.slice(0, 2).map((tag) => (
              <span
                key={tag}
                className="max-w-[72px] shrink-0 truncate rounded-full bg-sunken px-1.5 text-[10.5px] leading-4 font-medium text-fg-muted ring-1 ring-line"
              >
                {tag}
              </span>
            ))}
            {chat.tags.length > 2 && (
              <span className="shrink-0 text-[10.5px] text-fg-subtle">+{chat.tags.length - 2}</span>
            )}
            <span className="truncate text-xs text-fg-subtle">{previewText(chat.preview)}</span>
          </span>
        </span>
      </button>
      {!selecting && (
        // Drawn over the row's end only when wanted, so titles and previews keep the full width.
        <span className="absolute top-1/2 right-1 -translate-y-1/2 rounded-md bg-hover opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 has-[[aria-expanded=true]]:opacity-100">
          <ChatRowMenu chat={chat} title={title} view={view} />
        </span>
      )}
    </div>
  );
});
