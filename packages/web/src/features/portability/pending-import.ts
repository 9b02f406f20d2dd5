import { create } from 'zustand';

/** A file dropped on the app, waiting for the Import and export section to preview it. */
export const usePendingImport = create<{ file: File | null; set(file: File | null): void }>()((set) => ({
  file: null,
  set: (file) => set({ file }),
}));
