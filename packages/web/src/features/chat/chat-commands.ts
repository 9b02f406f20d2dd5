import {
  isModelLocked,
  clearContext,
  deleteMessage,
  forkChat,
  isDeletedMessage,
  resetChat,
  restoreDeletedMessage,
  togglePinned,
} from '@parley/core/chat';
import type { Chat, Message } from '@parley/core/entities';
import type { ChatRuntime } from './chat-runtime';

/**
 * The chat and message actions that only change the stored chat (no model call). Each is one
 * read-modify-write of that chat's record; the open chat shows the result at once.
 */
async function change(runtime: ChatRuntime, chatId: string, edit: (chat: Chat) => Chat): Promise<Chat> {
  const stored = await runtime.services.store.chats.update(chatId, edit);
  runtime.active.apply(stored);
  return stored;
}

export const chatCommands = {
  /** ED4 */
  reset: (runtime: ChatRuntime, chatId: string) =>
    change(runtime, chatId, (chat) => resetChat(chat, runtime.services)),
  /** CX1 */
  clearContext: (runtime: ChatRuntime, chatId: string) =>
    change(runtime, chatId, (chat) => clearContext(chat, runtime.services)),
  /** ED5: returns the message as it was, for Undo (undefined when there was none to delete). */
  async deleteMessage(runtime: ChatRuntime, chatId: string, messageId: string): Promise<Message | undefined> {
    let deleted: Message | undefined;
    await change(runtime, chatId, (chat) => {
      deleted = chat.messages.find((message) => message.id === messageId && !isDeletedMessage(message));
      return deleteMessage(chat, messageId, runtime.services);
    });
    return deleted;
  },
  /** ED7 */
  restoreMessage: (runtime: ChatRuntime, chatId: string, deleted: Message) =>
    change(runtime, chatId, (chat) => restoreDeletedMessage(chat, deleted, runtime.services)),
  /** ED5 */
  togglePin: (runtime: ChatRuntime, chatId: string, messageId: string) =>
    change(runtime, chatId, (chat) => togglePinned(chat, messageId, runtime.services)),
  /** ED1, ED6: saves the fork under the title `titleOf` makes of the original's, and opens it. */
  async fork(
    runtime: ChatRuntime,
    chatId: string,
    messageId: string,
    titleOf: (title: string) => string = (title) => title,
  ): Promise<Chat | undefined> {
    const chat = await runtime.services.store.chats.get(chatId);
    if (!chat) return undefined;
    const forked = forkChat(chat, messageId, runtime.services, titleOf(chat.chatTitle));
    const fork = await runtime.services.store.chats.put(forked);
    await runtime.active.open(fork.id);
    return fork;
  },
  /** Changes the open chat's model, or the default model of new chats when none is open. */
  async setModel(
    runtime: ChatRuntime,
    modelId: string,
    modelInfo: Record<string, unknown> | null,
  ): Promise<void> {
    const chatId = runtime.active.getState().activeChatId;
    // AC2: an agent that locked its model keeps it, whichever way the change was asked for.
    if (chatId)
      await change(runtime, chatId, (chat) =>
        isModelLocked(chat) ? chat : { ...chat, model: modelId, modelInfo },
      );
    else await runtime.settings.set('defaultModel', modelId);
  },
};
