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
