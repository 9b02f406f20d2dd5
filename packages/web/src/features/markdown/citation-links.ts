import { createContext } from 'react';

/**
 * The numbered references an answer cites (`[1]`, `[1, 2]`), made clickable in its text (decision
 * 0132): the renderer turns each number the answer's sources know into a button; any other `[n]`
 * stays text. Given by the feature that knows the sources (through the chat), never by the text.
 */
export type CitationLinks = {
  /** The button's accessible name for source `number`, or null when there is no such source. */
  label: (number: number) => string | null;
  open: (number: number) => void;
};

export const CitationLinksContext = createContext<CitationLinks | null>(null);
