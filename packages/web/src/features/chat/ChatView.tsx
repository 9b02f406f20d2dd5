import { isDeletedMessage } from '@parley/core/chat';
import { useEffect, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { consoleErrorReporter, ErrorBoundary } from '../errors';
import { EmptyChat } from '../shell';
import { ChatActionsBar } from './ChatActionsBar';
import { ChatNotices } from './ChatNotices';
import { chatFontSizes } from './chat-font-size';
import { firstScreenPartShown, lazyPart, useSyncedSettings } from '../../state';
import { markChatCrashed } from './active-chat-store';
import { ChatRenderFailure } from './ChatRenderFailure';
import { useActiveChat } from './chat-runtime';
import { Composer } from './Composer';
import { useComparedWith } from './compare-models-store';
import type { SlashMenu } from './composer-bridge';
import { offerFiles, useComposerAttachments, type ComposerAddon } from './composer-attachments';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { MessageListPart } from './message-list-part';
import { useChatActions } from './use-chat-actions';

// The list (and its virtualiser) is not needed for the start screen: it loads with the first open
// chat, or a few seconds after start when the app is idle, so chats can still be read offline later.
const PREFETCH_AFTER_MS = 3000;
// Shown only on a deleted chat: fetched then (decision 0141).
const DeletedChatNotice = lazyPart(() => import('./DeletedChatNotice'), {
  pick: (module) => module.DeletedChatNotice,
  strings: 'conversation',
});
const CompareStrip = lazyPart(() => import('./CompareStrip'), { strings: 'conversation' });
const AgentEndpointsDialog = lazyPart(() => import('./AgentEndpointsReview'), {
  pick: (module) => module.AgentEndpointsDialog,
  strings: 'conversation',
});

function usePrefetchMessageList() {
  useEffect(() => {
    const timer = setTimeout(() => {
      const prefetch = () => void MessageListPart.preload().catch(() => undefined);
      if (typeof requestIdleCallback === 'function') requestIdleCallback(prefetch, { timeout: 5000 });
      else prefetch();
    }, PREFETCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
}

/** The chat area: the open chat's messages (or the start screen), the chat actions and the composer. */
export function ChatView({
  onNewChat,
  emptyChat,
  hideGreeting,
  slashMenu,
  aboveComposer,
  onShare,
  toolbarExtra,
  composerAddon,
}: {
  onNewChat: () => void;
  /** Opens the Share dialog of a chat; absent: no Share action (the externalShare flag is off). */
  onShare?: (chatId: string) => void;
  emptyChat?: ReactNode;
  /** The start screen without its greeting (hideWelcomeMessageForLoggedInUsers, signed in). */
  hideGreeting?: boolean;
  /** The `/` menu of the message box (the prompt library's). */
  slashMenu?: SlashMenu;
  /** Shown under the last answer, above the chat actions (the memory proposal). */
  aboveComposer?: ReactNode;
  /** More entries of the chat actions toolbar (the plugins menu). */
  toolbarExtra?: ReactNode;
  /** The attach button and attached files of the message box (documents). */
  composerAddon?: ComposerAddon;
}) {
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const actions = useChatActions(setPendingDelete);
  usePrefetchMessageList();
  const chat = useActiveChat((state) => state.chat);
  const loading = useActiveChat((state) => state.loading);
  const hasMessages = !!chat && chat.messages.some((message) => !isDeletedMessage(message));
  // A chat from Recently Deleted: read-only, with when it was deleted and Restore.
  const deletedChat = chat?.deletedAt ? { ...chat, deletedAt: chat.deletedAt } : null;
  const fontSize = useSyncedSettings((state) => chatFontSizes[state.values.fontSize]);
  const drop = useFileDrop(!deletedChat);
  // MC1: the models the next question also goes to, above the box.
  const comparing = useComparedWith(useActiveChat((state) => state.activeChatId) ?? '').length > 0;
  const hasEndpoints = useActiveChat(
    (state) => (state.chat?.character?.dynamicContextEndpoints.length ?? 0) > 0,
  );
  return (
    <div className="relative flex h-full flex-col" style={{ fontSize }} {...drop.handlers}>
      {drop.over && <DropHint />}
      {chat && hasMessages ? (
        // A chat that cannot be shown leaves the rest of the app working, and is not reopened at
        // the next start (decision 0068); another chat is tried afresh.
        <ErrorBoundary
          resetKey={chat.id}
          report={(error, context) => {
            markChatCrashed(chat.id);
            consoleErrorReporter(error, context);
          }}
          fallback={() => <ChatRenderFailure onNewChat={onNewChat} />}
        >
          <MessageListPart
            chatId={chat.id}
            messages={chat.messages}
            selectedPath={chat.selectedPath}
            actions={actions}
            readOnly={!!deletedChat}
          />
        </ErrorBoundary>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          {!loading && (
            <>
              <EmptyChat hideGreeting={hideGreeting}>{emptyChat}</EmptyChat>
              <EmptyChatShown />
            </>
          )}
        </div>
      )}
      <DeleteMessageDialog
        messageId={pendingDelete}
        onClose={() => setPendingDelete(null)}
        onConfirm={actions.confirmDelete}
      />
      <div className="shrink-0 px-4 pt-2 pb-4 sm:px-6">
        <div className="mx-auto w-full max-w-3xl">
          {deletedChat ? (
            <DeletedChatNotice chat={deletedChat} />
          ) : (
            <>
              <ChatNotices onNewChat={onNewChat} />
              {aboveComposer}
              <ChatActionsBar
                actions={actions}
                onNewChat={onNewChat}
                onShare={onShare}
                extra={toolbarExtra}
              />
              {hasEndpoints && <AgentEndpointsDialog />}
              {comparing && <CompareStrip />}
              <Composer slashMenu={slashMenu} addon={composerAddon} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** Placed after the message list: once it has rendered, a reload may reopen this chat again. */
/** The start screen (no chat open, or an empty one) is the chat part of the first screen too. */
function EmptyChatShown() {
  useEffect(() => firstScreenPartShown('chat'), []);
  return null;
}

/** Files dragged over the chat are offered to the message box when something takes them. */
function useFileDrop(enabled: boolean) {
  const [over, setOver] = useState(false);
  const takesFiles = useComposerAttachments((state) => state.fileHandler !== null) && enabled;
  const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  if (!takesFiles) return { over: false, handlers: {} };
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for a child element is not leaving the chat.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setOver(false);
        offerFiles(Array.from(event.dataTransfer.files));
      },
    },
  };
}

function DropHint() {
  const { t } = useTranslation();
  return (
    <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-2xl border-2 border-dashed border-accent bg-app/80 text-base font-medium text-fg">
      {t('documents.dropHint')}
    </div>
  );
}
