import type { ComponentType, KeyboardEvent, RefObject } from 'react';
import { create } from 'zustand';

/**
 * What other features may do to the message box without the chat knowing them: put text in it
 * (the prompt library, the command palette) and show a menu while the text starts with `/`.
 */
type InsertRequest = { text: string; mode: 'append' | 'replace'; seq: number };

export const useComposerInsert = create<{ request: InsertRequest | null }>()(() => ({ request: null }));

let seq = 0;
/** Puts text into the message box: after what is there ('append') or instead of it ('replace'). */
export function insertIntoComposer(text: string, mode: 'append' | 'replace' = 'append'): void {
  seq += 1;
  useComposerInsert.setState({ request: { text, mode, seq } });
}

export type SlashMenuProps = {
  /** What follows the `/` at the start of the box. */
  query: string;
  /** The Composer hands each key press here first while the menu shows; true when it was used. */
  keyHandlerRef: RefObject<((event: KeyboardEvent<HTMLTextAreaElement>) => boolean) | null>;
  /** The menu's listbox id and the active option's id, for the box's combobox attributes. */
  listId: string;
  onActiveOption: (id: string | undefined) => void;
  /** Closes the menu until the text no longer starts with `/`. */
  onDismiss: () => void;
};

export type SlashMenu = ComponentType<SlashMenuProps>;

/** Calls the listener whenever text is put into the box (a phone's sidebar then gets out of the way). */
export function onComposerInsert(listener: () => void): () => void {
  return useComposerInsert.subscribe(listener);
}
