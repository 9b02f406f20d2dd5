import { chatPath } from '@parley/core/chat';
import { messageText, type Message } from '@parley/core/entities';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../markdown';
import { notify, notifyUndoable } from '../toasts';
import { chatCommands } from './chat-commands';
import { useChatRuntime } from './chat-runtime';

export type ChatActions = {
  regenerate(): void;
  retry(): void;
  /** RQ4: goes on with the last answer, cut at the max-tokens limit, in the same message. */
  continueAnswer(): void;
  clearContext(): void;
  reset(): void;
  newChat(): void;
  copyLastMessage(): void;
  copyMessage(message: Message): void;
  togglePin(messageId: string): void;
  /** ED5: asks first (the confirmation shows how much goes); `confirmDelete` deletes. */
  deleteMessage(messageId: string): void;
  confirmDelete(messageId: string): void;
  /** BR8: shows another version of a message (a sibling). */
  switchVersion(messageId: string): void;
  /** A search match on another branch: that branch is shown and saved at once (the chat may be re-read). */
  showBranchOf(messageId: string): void;
  fork(messageId: string): void;
  editAndResubmit(messageId: string, text: string): Promise<boolean>;
  stop(): void;
  /** Sends a follow-up (a suggested keyword). */
  ask(text: string): void;
};

/**
 * The open chat's actions as stable callbacks (message items are memoised on them). `askDelete`
 * opens the delete confirmation (a stable state setter).
 */
export function useChatActions(askDelete: (messageId: string) => void = () => undefined): ChatActions {
  const runtime = useChatRuntime();
  const { t } = useTranslation();
  return useMemo(() => {
    const chatId = () => runtime.active.getState().activeChatId;
    const failed = (error: unknown) => {
      console.error(error);
      notify.error(
        t('chat.toasts.actionFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    };
    const withChat = (run: (id: string) => Promise<unknown>) => () => {
      const id = chatId();
      if (id) run(id).catch(failed);
    };
    const copy = async (text: string) => {
      if (await copyText(text)) notify.success(t('chat.toasts.copied'));
      else notify.error(t('chat.toasts.copyFailed'));
    };
    return {
      regenerate: withChat((id) => runtime.session.regenerate(id)),
      retry: withChat((id) => runtime.session.regenerate(id)),
      continueAnswer: withChat((id) => runtime.session.continueAnswer(id)),
      clearContext: withChat(async (id) => {
        await chatCommands.clearContext(runtime, id);
        notify.success(t('chat.toasts.contextCleared'));
      }),
      reset: withChat((id) => chatCommands.reset(runtime, id)),
      newChat: () => runtime.active.startNew(),
      copyLastMessage: () => {
        const open = runtime.active.getState().chat;
        const messages = open ? chatPath(open) : [];
        const last = messages.findLast((message) => message.role === 'assistant' || message.role === 'user');
        if (last) void copy(messageText(last));
      },
      copyMessage: (message) => void copy(messageText(message)),
      togglePin: (messageId) => withChat((id) => chatCommands.togglePin(runtime, id, messageId))(),
      deleteMessage: askDelete,
      switchVersion: (messageId) => withChat((id) => chatCommands.switchVersion(runtime, id, messageId))(),
      showBranchOf: (messageId) =>
        withChat((id) => chatCommands.switchVersion(runtime, id, messageId, { saveNow: true }))(),
      // ED5 with ED7's Undo, like deleting a chat (decision 0015: the toast stays long enough).
      confirmDelete: (messageId) =>
        withChat(async (id) => {
          const deleted = await chatCommands.deleteMessage(runtime, id, messageId);
          if (!deleted) return;
          notifyUndoable(t('chat.toasts.messageDeleted'), {
            undoLabel: t('chat.toasts.undo'),
            onUndo: () => void chatCommands.restoreMessage(runtime, id, deleted).catch(failed),
          });
        })(),
      fork: (messageId) =>
        withChat(async (id) => {
          const titleOf = (title: string) => t('chat.forkTitle', { title });
          if (await chatCommands.fork(runtime, id, messageId, titleOf))
            notify.success(t('chat.toasts.forked'));
        })(),
      editAndResubmit: async (messageId, text) => {
        const id = chatId();
        if (!id) return false;
        try {
          return (await runtime.session.editAndResubmit(id, messageId, text)).ok;
        } catch (error) {
          failed(error);
          return false;
        }
      },
      ask: (text) =>
        withChat(async (id) => {
          await runtime.session.send(id, text);
        })(),
      stop: () => {
        const id = chatId();
        if (id) runtime.session.stop(id);
      },
    };
  }, [runtime, t, askDelete]);
}
