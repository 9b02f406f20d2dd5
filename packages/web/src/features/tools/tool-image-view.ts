import type { ComponentType } from 'react';
import { create } from 'zustand';

/** How a result card whose picture is a stored attachment (`attachment:<id>`) is drawn. */
export type ToolImageView = ComponentType<{ url: string; name: string; prompt: string | undefined }>;

/**
 * Filled by the composition root when the answer sources load (the chat's image card reads the
 * attachments store, which the tool steps do not know), so a `generate_image` result shows its
 * picture (decision 0127); steps drawn before that show the card as text and redraw when it comes.
 */
export const useToolImageView = create<{ view: ToolImageView | null }>()(() => ({ view: null }));

export function setToolImageView(view: ToolImageView | null): void {
  useToolImageView.setState({ view });
}

/**
 * Pictures made outside an answer (decision 0136): the composer's "Create image" and an image
 * card's "Edit this image", each a `generate_image` step saved in the chat. Filled by the
 * composition root with the image tool's settings, key and storage.
 */
export interface ImageActions {
  /** Whether the user switched image generation on (the actions show only then). */
  enabled(pluginSettings: Readonly<Record<string, unknown>>): boolean;
  /** A new picture from `prompt` in chat `chatId`; false when the step could not be saved. */
  create(chatId: string, prompt: string): Promise<boolean>;
  /** The picture at `imageUrl` (`attachment:<id>`) changed as `instruction` says. */
  edit(chatId: string, imageUrl: string, instruction: string): Promise<boolean>;
}

export const useImageActions = create<{ actions: ImageActions | null }>()(() => ({ actions: null }));

export function setImageActions(actions: ImageActions | null): void {
  useImageActions.setState({ actions });
}
