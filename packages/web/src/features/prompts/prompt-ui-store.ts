import { create } from 'zustand';
import { useFeatureFlags } from '../license';

/** A prompt on its way into the message box: shown in the fill-in dialog first when it has variables. */
export type PromptToFill = { title: string; content: string; mode: 'append' | 'replace' };

type PromptUiState = {
  libraryOpen: boolean;
  filling: PromptToFill | null;
  openLibrary(): void;
  closeLibrary(): void;
  fill(prompt: PromptToFill): void;
  closeFill(): void;
};

/** Open the library or the fill-in dialog from anywhere (sidebar, palette, the `/` menu). */
export const usePromptUi = create<PromptUiState>()((set) => ({
  libraryOpen: false,
  filling: null,
  // The host's promptLibrary flag off (parley.config.json): no way in, from anywhere.
  openLibrary: () => set({ libraryOpen: useFeatureFlags.getState().flags.promptLibrary }),
  closeLibrary: () => set({ libraryOpen: false }),
  fill: (prompt) => set({ filling: prompt }),
  closeFill: () => set({ filling: null }),
}));
