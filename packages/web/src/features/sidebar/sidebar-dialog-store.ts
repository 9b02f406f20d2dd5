import type { Folder } from '@parley/core/entities';
import { create } from 'zustand';

export type SidebarDialog =
  | { readonly kind: 'move'; readonly chatIds: readonly string[] }
  | { readonly kind: 'tags'; readonly chatIds: readonly string[] }
  | { readonly kind: 'renameChat'; readonly chatId: string; readonly title: string }
  | { readonly kind: 'newFolder'; readonly thenMove?: readonly string[] }
  | { readonly kind: 'renameFolder'; readonly folder: Folder };

/** Which sidebar dialog is open (one at a time); rows open them without holding their state. */
export const useSidebarDialog = create<{
  dialog: SidebarDialog | null;
  show(dialog: SidebarDialog): void;
  close(): void;
}>()((set) => ({
  dialog: null,
  show: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
