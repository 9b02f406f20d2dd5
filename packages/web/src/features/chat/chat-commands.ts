import {
  branchToDelete,
  clearContext,
  deleteMessage,
  forkChat,
  resetChat,
  restoreDeletedMessages,
  switchBranch,
  togglePinned,
  type DeletedBranch,
} from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
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
  /**
   * ED5: deletes the message and its branch; returns them as they were, for Undo (undefined when
   * there was none to delete).
   */
  async deleteMessage(
    runtime: ChatRuntime,
    chatId: string,
    messageId: string,
  ): Promise<DeletedBranch | undefined> {
    let deleted: DeletedBranch | undefined;
    await change(runtime, chatId, (chat) => {
      deleted = branchToDelete(chat, messageId);
      return deleteMessage(chat, messageId, runtime.services);
    });
    return deleted;
  },
  /** ED7 */
  restoreMessage: (runtime: ChatRuntime, chatId: string, deleted: DeletedBranch) =>
    change(runtime, chatId, (chat) => restoreDeletedMessages(chat, deleted, runtime.services)),
  /**
   * BR8: shows version `messageId`. The open chat changes at once (only the rows below it render
   * again); the save follows.
   */
  switchVersion(runtime: ChatRuntime, chatId: string, messageId: string): Promise<Chat> {
    const open = runtime.active.getState().chat;
    if (open?.id === chatId) runtime.active.apply(switchBranch(open, messageId, runtime.services));
    return change(runtime, chatId, (chat) => switchBranch(chat, messageId, runtime.services));
  },
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
    if (chatId) await change(runtime, chatId, (chat) => ({ ...chat, model: modelId, modelInfo }));
    else await runtime.settings.set('defaultModel', modelId);
  },
};
