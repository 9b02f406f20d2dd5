import { useStore } from 'zustand';
import { useAppState } from '../app-state';
import type { ModelListsState, ModelListsStore } from './model-lists-store';

export function useModelLists<T>(selector: (state: ModelListsState) => T): T {
  return useStore(useAppState().modelLists, selector);
}

export function useModelListsStore(): ModelListsStore {
  return useAppState().modelLists;
}
