import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useAnchoredPopover } from '../../ui/anchored-popover';
import { Tooltip } from '../../ui/Tooltip';
import { useShortcut, useShortcutLabel } from '../shortcuts';
import type { ShortcutId } from '../shortcuts';
import { EraserIcon, MoreIcon, NewChatIcon, RegenerateIcon, ResetIcon, ShareIcon } from '../../ui/icons/chat';
import { useActiveChat, useChatRuntime } from './chat-runtime';
import { useSyncedSettings } from '../../state';
import { ResetChatDialog } from './ResetChatDialog';
import { useAgentEndpointsDialog } from './agent-endpoints-dialog-store';
import type { ChatActions } from './use-chat-actions';
import { ChatAutoReadSlot } from '../speech';

type ActionId = 'regenerate' | 'share' | 'resetChat' | 'clearContext' | 'newChat';

const barButton =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium text-fg-muted transition-colors hover:bg-hover hover:text-fg disabled:pointer-events-none disabled:opacity-40';

/**
 * Regenerate, Share, Reset Chat, Clear Context, New Chat (spec section 2) above the composer. Buttons
 * listed in the hiddenButtons setting (Reset Chat by default) sit in the More menu; every action
 * also has its keyboard shortcut.
 */
export function ChatActionsBar({
  actions,
  onNewChat,
  onShare,
  extra,
}: {
  actions: ChatActions;
  onNewChat: () => void;
  onShare?: (chatId: string) => void;
  /** Entries other features add (the plugins menu), after the built-in ones. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const runtime = useChatRuntime();
  const chat = useActiveChat((state) => state.chat);
  const hidden = useSyncedSettings((state) => state.values.hiddenButtons);
  const showLabels = useSyncedSettings((state) => state.values.actionButtonsLabel);
  const streaming = useStore(runtime.streaming, (state) => (chat ? chat.id in state.answers : false));
  const [confirmReset, setConfirmReset] = useState(false);
  const endpointCount = chat?.character?.dynamicContextEndpoints.length ?? 0;
  const reviewEndpoints = useAgentEndpointsDialog((state) => state.setOpen);
  const hasMessages = !!chat && chat.messages.length > 0;
  const canRegenerate = hasMessages && !streaming && chat.messages.some((message) => message.role === 'user');
  const canEdit = hasMessages && !streaming;
  // Decision 0122: the chat's own "read answers aloud", stored on the chat (synced with it).
  // A failed save rejects: the toggle tells it, with the voice strings it loads.
  const chooseAutoRead = async (autoRead: boolean | null) => {
    if (!chat) return;
    const stored = await runtime.services.store.chats.update(chat.id, (current) => ({
      ...current,
      autoRead,
    }));
    runtime.active.apply(stored);
  };

  useShortcut('regenerate', actions.regenerate, canRegenerate);
  useShortcut('clearContext', actions.clearContext, canEdit);
  useShortcut('resetChat', () => setConfirmReset(true), canEdit);
  useShortcut('copyLastMessage', actions.copyLastMessage, hasMessages);
  useShortcut('share', () => chat && onShare?.(chat.id), hasMessages && !!onShare);

  const entries: { id: ActionId; node: (inMenu: boolean) => ReactNode }[] = [
    {
      id: 'regenerate',
      node: (inMenu) => (
        <ActionButton
          label={t('chat.actions.regenerate')}
          icon={<RegenerateIcon />}
          shortcut="regenerate"
          showLabel={showLabels || inMenu}
          disabled={!canRegenerate}
          onClick={actions.regenerate}
        />
      ),
    },
    {
      id: 'share',
      node: (inMenu) => (
        <ActionButton
          label={t('chat.actions.share')}
          icon={<ShareIcon />}
          shortcut="share"
          showLabel={showLabels || inMenu}
          disabled={!hasMessages}
          onClick={() => chat && onShare?.(chat.id)}
        />
      ),
    },
    {
      id: 'resetChat',
      node: (inMenu) => (
        <ActionButton
          label={t('chat.actions.resetChat')}
          icon={<ResetIcon />}
          shortcut="resetChat"
          showLabel={showLabels || inMenu}
          disabled={!canEdit}
          onClick={() => setConfirmReset(true)}
        />
      ),
    },
    {
      id: 'clearContext',
      node: (inMenu) => (
        <ActionButton
          label={t('chat.actions.clearContext')}
          icon={<EraserIcon />}
          shortcut="clearContext"
          showLabel={showLabels || inMenu}
          disabled={!canEdit}
          onClick={actions.clearContext}
        />
      ),
    },
    {
      id: 'newChat',
      node: (inMenu) => (
        <ActionButton
          label={t('chat.actions.newChat')}
          icon={<NewChatIcon />}
          shortcut="newChat"
          showLabel={showLabels || inMenu}
          onClick={onNewChat}
        />
      ),
    },
  ];
  // The externalShare flag (spec section 6) removes Share altogether.
  const offered = entries.filter((entry) => entry.id !== 'share' || onShare);
  const pinned = offered.filter((entry) => !hidden.includes(entry.id));
  const unpinned = offered.filter((entry) => hidden.includes(entry.id));

  return (
    <div
      role="toolbar"
      aria-label={t('chat.actions.label')}
      className="mb-2 flex flex-wrap items-center gap-0.5"
    >
      {pinned.map((entry) => (
        <span key={entry.id}>{entry.node(false)}</span>
      ))}
      <ChatAutoReadSlot choice={chat?.autoRead ?? null} disabled={!chat} onChoose={chooseAutoRead} />
      {extra}
      {endpointCount > 0 && (
        // DC7: a chat whose agent calls endpoints always shows them, to review, turn off or remove.
        <button type="button" className={barButton} onClick={() => reviewEndpoints(true)}>
          {t('chat.agentEndpoints.button')} ({endpointCount})
        </button>
      )}
      {unpinned.length > 0 && (
        <MoreMenu>
          {unpinned.map((entry) => (
            <span key={entry.id}>{entry.node(true)}</span>
          ))}
        </MoreMenu>
      )}
      <ResetChatDialog open={confirmReset} onClose={() => setConfirmReset(false)} onConfirm={actions.reset} />
    </div>
  );
}

function ActionButton({
  label,
  icon,
  shortcut,
  showLabel,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  shortcut: ShortcutId;
  showLabel: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  const chord = useShortcutLabel(shortcut);
  return (
    <Tooltip content={label} shortcut={chord} side="top" decorative>
      <button
        type="button"
        aria-label={showLabel ? undefined : label}
        disabled={disabled}
        onClick={onClick}
        className={barButton}
      >
        {icon}
        {showLabel && label}
      </button>
    </Tooltip>
  );
}

/** The unpinned actions, in a small popover that closes on Escape, outside clicks and after a choice. */
function MoreMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const place = useAnchoredPopover(triggerRef, open, { width: 208, side: 'above' });
  return (
    <div
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          triggerRef.current?.focus();
        }
      }}
    >
      <Tooltip content={t('chat.actions.more')} side="top" decorative>
        <button
          ref={triggerRef}
          type="button"
          aria-label={t('chat.actions.more')}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
          className={barButton}
        >
          <MoreIcon />
        </button>
      </Tooltip>
      {open && place && (
        // Choosing an action closes the menu (clicks bubble up here).
        <div
          style={place}
          className="z-20 flex flex-col overflow-y-auto rounded-lg border border-line bg-raised p-1 shadow-popover [&_button]:w-full [&_button]:justify-start"
          onClick={() => setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}
