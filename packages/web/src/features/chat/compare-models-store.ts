import { MAX_COMPARED_MODELS } from '@parley/core/chat';
import type { ModelDescriptor } from '@parley/core/models';
import { create } from 'zustand';

/**
 * The models the next questions also go to (MC1), beside the chat's own, per chat ('' is the new
 * chat). Kept until the user removes them or continues with one answer (MC4), for this tab only
 * (decisions 0055, 0073): a choice of the moment, not a setting, so it is neither stored nor synced.
 */
type CompareModelsState = { byChat: Readonly<Record<string, readonly ModelDescriptor[]>> };

export const useCompareModels = create<CompareModelsState>()(() => ({ byChat: {} }));

const EMPTY: readonly ModelDescriptor[] = [];

export function comparedWith(chatKey: string): readonly ModelDescriptor[] {
  return useCompareModels.getState().byChat[chatKey] ?? EMPTY;
}

export function useComparedWith(chatKey: string): readonly ModelDescriptor[] {
  return useCompareModels((state) => state.byChat[chatKey] ?? EMPTY);
}

export function setComparedModels(chatKey: string, models: readonly ModelDescriptor[]): void {
  useCompareModels.setState((state) => {
    const byChat = { ...state.byChat };
    if (models.length === 0) delete byChat[chatKey];
    else byChat[chatKey] = models;
    return { byChat };
  });
}

/** Adds a model (not the chat's own, not twice); false when there is no room left (MC1). */
export function addComparedModel(chatKey: string, model: ModelDescriptor, chatModelId: string): boolean {
  const current = comparedWith(chatKey);
  if (model.id === chatModelId || current.some((m) => m.id === model.id)) return true;
  if (current.length >= MAX_COMPARED_MODELS - 1) return false;
  setComparedModels(chatKey, [...current, { ...model }]);
  return true;
}

/** The new chat's choice goes with it once it is saved under its id. */
export function moveComparedModels(from: string, to: string): void {
  const models = comparedWith(from);
  if (models.length === 0) return;
  setComparedModels(from, []);
  setComparedModels(to, models);
}
