import { useId, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { ChatBubbleIcon, PlusIcon } from '../../ui/icons/shell';

export type SidebarProps = {
  id: string;
  ref?: Ref<HTMLElement>;
  collapsed: boolean;
  onNewChat: () => void;
  newChatRef?: Ref<HTMLButtonElement>;
  /** Slot: the chat list; defaults to the empty state. */
  chatList?: ReactNode;
  /** The collapse button, shown in the sidebar's header. */
  toggle: ReactNode;
  /** Links under New chat to screens beside the chats (AI agents, the prompt library). */
  links?: ReactNode;
  /** Slot under the chat list. */
  footer?: ReactNode;
};

export function Sidebar({
  id,
  ref,
  collapsed,
  onNewChat,
  newChatRef,
  chatList,
  toggle,
  links,
  footer,
}: SidebarProps) {
  const { t } = useTranslation();
  const listHeadingId = useId();
  return (
    <nav
      ref={ref}
      id={id}
      aria-label={t('shell.sidebar.label')}
      hidden={collapsed}
      className="absolute inset-y-0 left-0 z-30 flex w-[268px] shrink-0 flex-col border-r border-line bg-sidebar shadow-popover md:static md:shadow-none"
    >
      <div className="flex h-14 items-center gap-2.5 pr-2 pl-4">
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-lg bg-accent text-accent-fg shadow-sm"
        >
          <ChatBubbleIcon size={16} strokeWidth={2} />
        </span>
        <span className="text-[15px] font-semibold tracking-tight">{t('app.name')}</span>
        <div className="ml-auto">{toggle}</div>
      </div>
      <div className="px-3 pb-3">
        <Button
          ref={newChatRef}
          variant="secondary"
          className="w-full justify-start"
          icon={<PlusIcon size={16} />}
          onClick={onNewChat}
        >
          {t('shell.sidebar.newChat')}
        </Button>
      </div>
      {links && <div className="flex flex-col gap-0.5 px-3 pb-2">{links}</div>}
      <section aria-labelledby={listHeadingId} className="flex min-h-0 flex-1 flex-col">
        {/* The organised list brings its own view picker; the heading then only labels the region. */}
        <h2
          id={listHeadingId}
          className={chatList ? 'sr-only' : 'px-5 pt-2 pb-1.5 text-xs font-medium text-fg-subtle'}
        >
          {t('shell.sidebar.chatListLabel')}
        </h2>
        <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-3">{chatList ?? <ChatListEmpty />}</div>
      </section>
      {footer && <div className="flex flex-col gap-0.5 border-t border-line px-3 py-2">{footer}</div>}
    </nav>
  );
}

function ChatListEmpty() {
  const { t } = useTranslation();
  return (
    <div className="mx-1 mt-1 rounded-xl border border-dashed border-line-strong px-4 py-6 text-center">
      <p className="text-sm font-medium text-fg">{t('shell.sidebar.emptyTitle')}</p>
      <p className="mt-1 text-[13px] text-fg-subtle">{t('shell.sidebar.emptyBody')}</p>
    </div>
  );
}
