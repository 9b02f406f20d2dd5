import type { MessagePart } from '@parley/core/entities';
import type { ModelDescriptor } from '@parley/core/models';
import type { ComponentType } from 'react';
import { create } from 'zustand';

/**
 * Files added to the message box, without the chat knowing how they were read (the documents
 * feature reads them and puts them here). The composer sends them with the text as message parts
 * and puts them back when the message could not be sent.
 */
export type PendingAttachment = {
  /** Unique in the box. */
  key: string;
  name: string;
  /** What is sent: a `tm_text_file` part, or an `image_url` part pointing at a stored attachment. */
  part: MessagePart;
  /** The text's token estimate (0 for an image). */
  tokens: number;
  /** The reader cut the text at a limit (rows, characters) or the user cut it to fit the model. */
  cut?: boolean | undefined;
};

type AttachmentsState = {
  byDraft: Record<string, PendingAttachment[]>;
  /** Files dropped on the chat or pasted into the box go here; null until the documents feature is there. */
  fileHandler: ((files: File[]) => void) | null;
};

export const useComposerAttachments = create<AttachmentsState>()(() => ({ byDraft: {}, fileHandler: null }));

const EMPTY: PendingAttachment[] = [];

export function pendingAttachments(draftKey: string): PendingAttachment[] {
  return useComposerAttachments.getState().byDraft[draftKey] ?? EMPTY;
}

export function usePendingAttachments(draftKey: string): PendingAttachment[] {
  return useComposerAttachments((state) => state.byDraft[draftKey] ?? EMPTY);
}

export function setPendingAttachments(draftKey: string, items: PendingAttachment[]): void {
  useComposerAttachments.setState((state) => ({ byDraft: { ...state.byDraft, [draftKey]: items } }));
}

export function addPendingAttachment(draftKey: string, item: PendingAttachment): void {
  setPendingAttachments(draftKey, [...pendingAttachments(draftKey), item]);
}

/** Hands dropped or pasted files to the documents feature; false when nothing takes them. */
export function offerFiles(files: File[]): boolean {
  const handler = useComposerAttachments.getState().fileHandler;
  if (!handler || files.length === 0) return false;
  handler(files);
  return true;
}

export type ComposerAddonProps = {
  /** Which draft's attachments (the chat id, '' for a new chat). */
  draftKey: string;
  /** The model the message will go to. */
  model: ModelDescriptor | undefined;
  /** 'button': beside the box; 'tray': the attachments above the text. */
  place: 'button' | 'tray';
};

/** What the documents feature puts into the message box: the attach button and the tray. */
export type ComposerAddon = ComponentType<ComposerAddonProps>;

/** The message content of `text` with the attachments: the files first, then the question. */
export function contentWithAttachments(
  text: string,
  items: readonly PendingAttachment[],
): string | MessagePart[] {
  if (items.length === 0) return text;
  const parts: MessagePart[] = items.map((item) => item.part);
  if (text !== '') parts.push({ type: 'text', text });
  return parts;
}
