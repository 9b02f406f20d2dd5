import type { Project } from '@parley/core/entities';
import { create } from 'zustand';

/**
 * What of projects is open: its page, one of the dialogs the sidebar starts, or an action the sidebar
 * asked for (`startChat`, `archive`, `moveChats`): the lazily loaded part runs it, so the services,
 * toasts and their strings stay out of the first screen.
 */
export type ProjectView =
  | { readonly kind: 'page'; readonly projectId: string }
  | { readonly kind: 'new'; readonly thenMove?: readonly string[] }
  | { readonly kind: 'rename'; readonly project: Project }
  | { readonly kind: 'delete'; readonly project: Project }
  | { readonly kind: 'move'; readonly chatIds: readonly string[] }
  | { readonly kind: 'startChat'; readonly project: Project }
  | { readonly kind: 'archive'; readonly project: Project; readonly archived: boolean }
  | {
      readonly kind: 'moveChats';
      readonly chatIds: readonly string[];
      /** null: out of every project. */
      readonly project: Pick<Project, 'id' | 'name'> | null;
    };

/** One at a time; rows and menus open them without holding their state. */
export const useProjectUi = create<{
  view: ProjectView | null;
  show(view: ProjectView): void;
  close(): void;
}>()((set) => ({
  view: null,
  show: (view) => set({ view }),
  close: () => set({ view: null }),
}));
