import type { ComponentType } from 'react';

/** How a result card whose picture is a stored attachment (`attachment:<id>`) is drawn. */
export type ToolImageView = ComponentType<{ url: string; name: string; prompt: string | undefined }>;

let view: ToolImageView | null = null;

/**
 * Set by the composition root (the chat's image card reads the attachments store, which the tool
 * steps do not know), so a `generate_image` result shows its picture (decision 0127).
 */
export function setToolImageView(next: ToolImageView | null): void {
  view = next;
}

export function toolImageView(): ToolImageView | null {
  return view;
}
