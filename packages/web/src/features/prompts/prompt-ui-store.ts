import { create } from 'zustand';

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
  openLibrary: () => set({ libraryOpen: true }),
  closeLibrary: () => set({ libraryOpen: false }),
  fill: (prompt) => set({ filling: prompt }),
  closeFill: () => set({ filling: null }),
}));
