import { create } from 'zustand';

type AgentsDialogState = {
  isOpen: boolean;
  /** The agent being edited: an id, 'new', or null for the list. */
  editing: string | null;
  open: (editing?: string | null) => void;
  edit: (editing: string | null) => void;
  close: () => void;
};

/** Open the AI agents screen from anywhere (the sidebar, the empty chat, the command palette). */
export const useAgentsDialog = create<AgentsDialogState>()((set) => ({
  isOpen: false,
  editing: null,
  open: (editing = null) => set({ isOpen: true, editing }),
  edit: (editing) => set({ editing }),
  close: () => set({ isOpen: false, editing: null }),
}));
