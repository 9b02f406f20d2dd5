import { messageText, type Message } from '@parley/core/entities';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../markdown';
import { notify } from '../toasts';
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
  deleteMessage(messageId: string): void;
  fork(messageId: string): void;
  editAndResubmit(messageId: string, text: string): Promise<boolean>;
  stop(): void;
  /** Sends a follow-up (a suggested keyword). */
  ask(text: string): void;
};

/** The open chat's actions as stable callbacks (message items are memoised on them). */
export function useChatActions(): ChatActions {
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
        const messages = runtime.active.getState().chat?.messages ?? [];
        const last = messages.findLast((message) => message.role === 'assistant' || message.role === 'user');
        if (last) void copy(messageText(last));
      },
      copyMessage: (message) => void copy(messageText(message)),
      togglePin: (messageId) => withChat((id) => chatCommands.togglePin(runtime, id, messageId))(),
      deleteMessage: (messageId) => withChat((id) => chatCommands.deleteMessage(runtime, id, messageId))(),
      fork: (messageId) =>
        withChat(async (id) => {
          if (await chatCommands.fork(runtime, id, messageId)) notify.success(t('chat.toasts.forked'));
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
  }, [runtime, t]);
}
