import { create } from 'zustand';

type AgentEndpointsDialogState = { open: boolean; setOpen: (open: boolean) => void };

/** Whether the review of the open chat's agent endpoints (DC7) is showing. */
export const useAgentEndpointsDialog = create<AgentEndpointsDialogState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));
