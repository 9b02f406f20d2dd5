import { create } from 'zustand';

/**
 * Which canvas is open (decision 0093): the one piece of the canvas on the first screen; what
 * finds, titles and shows documents loads with the markdown view or the panel.
 */

/**
 * What a canvas shows (decisions 0093, 0129): a page, picture or diagram previewed in the sandbox
 * frame, a document, or code.
 */
export type CanvasKind = 'html' | 'svg' | 'mermaid' | 'markdown' | 'code';

export interface CanvasDocument {
  kind: CanvasKind;
  /** The fence's language (file extension for Download). */
  language: string;
  title: string;
  content: string;
}

interface CanvasState {
  document: CanvasDocument | null;
  open: (document: CanvasDocument) => void;
  close: () => void;
}

export const useCanvas = create<CanvasState>((set) => ({
  document: null,
  open: (document) => set({ document }),
  close: () => set({ document: null }),
}));
