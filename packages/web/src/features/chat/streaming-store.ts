import { createStore, type StoreApi } from 'zustand/vanilla';

/** An answer being streamed: kept apart from the chat so only its own message re-renders. */
export type StreamingAnswer = {
  chatId: string;
  messageId: string;
  modelId: string;
  /** BR1: the message the answer follows; the list shows its path while the answer streams. */
  parentId?: string | undefined;
  text: string;
  reasoning: string;
  /** waiting: request sent, nothing received yet. */
  phase: 'waiting' | 'streaming';
};

export type StreamingState = { answers: Readonly<Record<string, StreamingAnswer>> };
export type StreamingStore = StoreApi<StreamingState>;

export function createStreamingStore(): StreamingStore {
  return createStore<StreamingState>()(() => ({ answers: {} }));
}

export function setStreamingAnswer(store: StreamingStore, answer: StreamingAnswer): void {
  store.setState((state) => ({ answers: { ...state.answers, [answer.chatId]: answer } }));
}

export function clearStreamingAnswer(store: StreamingStore, chatId: string): void {
  store.setState((state) => {
    if (!(chatId in state.answers)) return state;
    const answers = { ...state.answers };
    delete answers[chatId];
    return { answers };
  });
}
