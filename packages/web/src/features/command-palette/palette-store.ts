import { create } from 'zustand';

/** Open the palette from anywhere (the K shortcut, a button). */
export const useCommandPalette = create<{ isOpen: boolean; open(): void; close(): void }>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
