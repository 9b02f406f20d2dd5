import type { Project } from '@parley/core/entities';
import { create } from 'zustand';

/** What of projects is open: its page, or one of the dialogs the sidebar starts. */
export type ProjectView =
  | { readonly kind: 'page'; readonly projectId: string }
  | { readonly kind: 'new'; readonly thenMove?: readonly string[] }
  | { readonly kind: 'rename'; readonly project: Project }
  | { readonly kind: 'delete'; readonly project: Project }
  | { readonly kind: 'move'; readonly chatIds: readonly string[] };

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
