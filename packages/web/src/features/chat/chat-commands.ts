import {
  branchToDelete,
  continueWithAnswer,
  isModelLocked,
  clearContext,
  deleteMessage,
  forkChat,
  mergeSelectedPath,
  resetChat,
  restoreDeletedMessages,
  switchBranch,
  togglePinned,
  type DeletedBranch,
} from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import type { ChatRuntime } from './chat-runtime';
import { setComparedModels } from './compare-models-store';
import { endComparison } from './comparison-store';

/**
 * The chat and message actions that only change the stored chat (no model call). Each is one
 * read-modify-write of that chat's record; the open chat shows the result at once.
 */
async function change(runtime: ChatRuntime, chatId: string, edit: (chat: Chat) => Chat): Promise<Chat> {
  const stored = await runtime.services.store.chats.update(chatId, edit);
  runtime.active.apply(stored);
  return stored;
}

/** How long a run of version switches waits before its selection is saved. */
const SELECTION_SAVE_DELAY_MS = 300;
type PendingSelection = {
  timer: ReturnType<typeof setTimeout>;
  done: (() => void)[];
  failed: ((error: unknown) => void)[];
};
const pendingSelections = new WeakMap<ChatRuntime, Map<string, PendingSelection>>();

/**
 * Saves a selection made on screen. It merges like sync does (MG12): a later selection already
 * stored (an answer saved meanwhile selects itself) is kept.
 */
function saveSelectionSoon(
  runtime: ChatRuntime,
  chatId: string,
  selection: Chat['selectedPath'],
): Promise<void> {
  let pending = pendingSelections.get(runtime);
  if (!pending) pendingSelections.set(runtime, (pending = new Map()));
  const earlier = pending.get(chatId);
  if (earlier) clearTimeout(earlier.timer);
  return new Promise((resolve, reject) => {
    const entry: PendingSelection = {
      done: [...(earlier?.done ?? []), resolve],
      failed: [...(earlier?.failed ?? []), reject],
      timer: setTimeout(() => {
        pending.delete(chatId);
        runtime.services.store.chats
          .update(chatId, (chat) => {
            const selectedPath = mergeSelectedPath(chat.selectedPath, selection);
            return selectedPath === chat.selectedPath
              ? chat
              : { ...chat, selectedPath, updatedAt: selectedPath?.updatedAt ?? chat.updatedAt };
          })
          .then(
            () => entry.done.forEach((settle) => settle()),
            (error: unknown) => entry.failed.forEach((settle) => settle(error)),
          );
      }, SELECTION_SAVE_DELAY_MS),
    };
    pending.set(chatId, entry);
  });
}

export const chatCommands = {
  /** Any change to the stored chat that has no rule of its own (the agent endpoints review). */
  edit: change,
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
   * again); the selection is saved a moment later, once for a run of switches, so reading and
   * writing a long chat never delays the repaint. Resolves when it is saved.
   */
  switchVersion(
    runtime: ChatRuntime,
    chatId: string,
    messageId: string,
    options: { saveNow?: boolean } = {},
  ): Promise<void> {
    const open = runtime.active.getState().chat;
    if (open?.id !== chatId || options.saveNow) {
      return change(runtime, chatId, (chat) => switchBranch(chat, messageId, runtime.services)).then(
        () => undefined,
      );
    }
    const switched = switchBranch(open, messageId, runtime.services);
    runtime.active.apply(switched);
    return saveSelectionSoon(runtime, chatId, switched.selectedPath);
  },
  /**
   * MC4, MC6: "Continue with this" under a column: that answer carries the chat on, with its model
   * (the picker shows it; an agent's locked model stays), and comparing ends: the columns close and
   * the next question goes to that model alone. Shown at once, then saved.
   */
  continueWith(
    runtime: ChatRuntime,
    chatId: string,
    messageId: string,
    modelId: string,
    /** The model's descriptor (the chat keeps a copy); unknown for a model no list has any more. */
    model: ModelDescriptor | undefined,
  ): Promise<Chat> {
    const continuing = { id: modelId, info: model ? { ...model } : null };
    const next = (chat: Chat) => continueWithAnswer(chat, messageId, continuing, runtime.services);
    const open = runtime.active.getState().chat;
    if (open?.id === chatId) runtime.active.apply(next(open));
    endComparison(runtime.comparisons, chatId);
    setComparedModels(chatId, []);
    return change(runtime, chatId, next);
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
    // AC2: an agent that locked its model keeps it, whichever way the change was asked for.
    if (chatId)
      await change(runtime, chatId, (chat) =>
        isModelLocked(chat) ? chat : { ...chat, model: modelId, modelInfo },
      );
    else await runtime.settings.set('defaultModel', modelId);
  },
};
