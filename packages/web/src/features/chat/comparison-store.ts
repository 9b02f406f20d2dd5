import type { ModelDescriptor } from '@parley/core/models';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { StreamingStore } from './streaming-store';

/** One model's column of a comparison (MC*): its answer, its own stream and Stop. */
export type ComparisonColumn = {
  /** The answer's message id (MC2: saved empty before it streams). */
  messageId: string;
  model: ModelDescriptor;
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

export function isComparing(store: ComparisonStore, chatId: string): boolean {
  return store.getState().byChat[chatId]?.columns.some((column) => column.running) ?? false;
}

/** Stop: every column of the chat's comparison that is still answering. */
export function stopComparison(store: ComparisonStore, chatId: string): void {
  for (const column of store.getState().byChat[chatId]?.columns ?? []) column.stop();
}
