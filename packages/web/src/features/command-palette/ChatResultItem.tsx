import type { ChatSearchResult } from '@parley/core/search';
import { Command } from 'cmdk';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Highlighted } from './Highlighted';

/**
 * One search result: the title (match marked when it matched), and the message around the match.
 * Memoised: a keystroke re-renders the palette while the rows of the last answer stay as they are.
 */
export const ChatResultItem = memo(function ChatResultItem({
  result,
  onOpen,
}: {
  result: ChatSearchResult;
  onOpen: (result: ChatSearchResult) => void;
}) {
  const { t } = useTranslation();
  const { preview } = result;
  const title = result.title || t('chatList.untitled');
  return (
    <Command.Item
      value={`chat-${result.chatId}`}
      onSelect={() => onOpen(result)}
      className="flex cursor-pointer flex-col gap-0.5 rounded-lg px-3 py-2 text-left aria-selected:bg-hover"
    >
      <span className="flex min-w-0 items-center gap-2">
        <span className="truncate text-sm font-medium text-fg">
          <Highlighted text={title} range={result.titleHighlight} />
        </span>
        {result.archived && <Badge>{t('palette.archived')}</Badge>}
        {/* SE3c: the matching message is on a version the chat does not show; opening switches to it. */}
        {result.otherVersion && <Badge>{t('palette.otherVersion')}</Badge>}
      </span>
      {preview && (
        <span className="truncate text-[13px] text-fg-muted" data-testid="search-preview">
          {preview.clippedStart && '…'}
          <Highlighted text={preview.text} range={preview.highlight} />
          {preview.clippedEnd && '…'}
        </span>
      )}
    </Command.Item>
  );
});

function Badge({ children }: { children: ReactNode }) {
  return (
    <span className="shrink-0 rounded-full bg-sunken px-1.5 text-[10.5px] font-medium text-fg-muted ring-1 ring-line">
      {children}
    </span>
  );
}
