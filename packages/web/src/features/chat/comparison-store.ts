import type { Chat } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createStreamingStore, type StreamingStore } from './streaming-store';

/** One model's column of a comparison (MC*): its answer, its own stream and Stop. */
export type ComparisonColumn = {
  /** The answer's message id (MC2: saved empty before it streams). */
  messageId: string;
  modelId: string;
  /**
   * The model's descriptor while its answer runs; a column shown again from the stored chat (MC5)
   * has only the id, resolved where it is shown (the live model lists may load later).
   */
  model?: ModelDescriptor;
  /** The column's live text: a streaming store of its own, so only that column re-renders. */
  streaming: StreamingStore;
  /** Its answer is streaming (or running its tools). */
  running: boolean;
  stop: () => void;
};

/** Answers of several models to one question, shown side by side until the user picks one. */
export type Comparison = { parentId: string; columns: readonly ComparisonColumn[] };

export type ComparisonState = { byChat: Readonly<Record<string, Comparison>> };
export type ComparisonStore = StoreApi<ComparisonState>;

export function createComparisonStore(): ComparisonStore {
  return createStore<ComparisonState>()(() => ({ byChat: {} }));
}

/** The side-by-side view of chat `chatId` closes (an answer was picked, or the chat went on). */
export function endComparison(store: ComparisonStore, chatId: string): void {
  store.setState((state) => {
    if (!(chatId in state.byChat)) return state;
    const byChat = { ...state.byChat };
    delete byChat[chatId];
    return { byChat };
  });
}

/**
 * MC5: the open chat as stored decides which comparison shows. One kept with the chat shows again
 * (after a reload, from another tab or device) with its stored answers; one the chat no longer has
 * (picked, or the chat went on elsewhere) closes. A comparison answering here stays as it runs.
 */
export function followStoredComparison(store: ComparisonStore, chat: Chat | null): void {
  if (!chat) return;
  const shown = store.getState().byChat[chat.id];
  if (shown?.columns.some((column) => column.running)) return;
  const stored = chat.comparison;
  if (!stored || !chat.messages.some((message) => message.id === stored.parentId)) {
    if (shown) endComparison(store, chat.id);
    return;
  }
  const same =
    shown?.parentId === stored.parentId &&
    shown.columns.length === stored.columns.length &&
    shown.columns.every((column, i) => column.messageId === stored.columns[i]!.messageId);
  if (same) return;
  const columns = stored.columns.map((column): ComparisonColumn => ({
    messageId: column.messageId,
    modelId: column.model,
    // Nothing streams into it here: the stored answer is what it shows.
    streaming: createStreamingStore(),
    running: false,
    stop: () => undefined,
  }));
  store.setState((state) => ({
    byChat: { ...state.byChat, [chat.id]: { parentId: stored.parentId, columns } },
  }));
}

export function isComparing(store: ComparisonStore, chatId: string): boolean {
  return store.getState().byChat[chatId]?.columns.some((column) => column.running) ?? false;
}

/** Stop: every column of the chat's comparison that is still answering. */
export function stopComparison(store: ComparisonStore, chatId: string): void {
  for (const column of store.getState().byChat[chatId]?.columns ?? []) column.stop();
}
