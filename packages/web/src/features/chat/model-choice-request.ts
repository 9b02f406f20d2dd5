import { useEffect, useRef } from 'react';
import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * "Choose another model" on an answer that failed because its model is gone (not_found) asks the
 * model picker to open for the open chat. The picker depends on chat, not the other way round
 * (feature-boundaries.js), so chat only counts the requests and the picker watches the count.
 */
export type ModelChoiceStore = StoreApi<{ requests: number }>;

export function createModelChoiceStore(): ModelChoiceStore {
  return createStore(() => ({ requests: 0 }));
}

export function requestModelChoice(store: ModelChoiceStore): void {
  store.setState((state) => ({ requests: state.requests + 1 }));
}

/** Calls `onRequest` each time a model choice is asked for after mount (never for earlier ones). */
export function useOnModelChoiceRequest(store: ModelChoiceStore, onRequest: () => void): void {
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });
  useEffect(
    () =>
      store.subscribe((state, previous) => {
        if (state.requests !== previous.requests) latest.current();
      }),
    [store],
  );
}
