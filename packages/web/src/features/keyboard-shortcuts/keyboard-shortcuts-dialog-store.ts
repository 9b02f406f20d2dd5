import { create } from 'zustand';

type KeyboardShortcutsDialogState = {
  isOpen: boolean;
  open: () => void;
  close: () => void;
};

/** Open the Keyboard Shortcuts popup from anywhere (a top-bar button, the "?" key). */
export const useKeyboardShortcutsDialog = create<KeyboardShortcutsDialogState>()((set) => ({
  isOpen: false,
  open: () => set({ isOpen: true }),
  close: () => set({ isOpen: false }),
}));
