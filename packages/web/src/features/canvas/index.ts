/**
 * The canvas (decision 0093): a panel beside the chat that previews an answer's HTML page, SVG or
 * Markdown document in the sandbox frame (or the app's markdown view), with its source. Light at
 * import: the panel loads when a canvas first opens.
 */
export { CanvasHost } from './CanvasHost';
export { useCanvas, type CanvasDocument, type CanvasKind } from './canvas-open';
export { canvasKindOf, canvasTitleOf } from './canvas-store';
export type { CanvasEditPort } from './canvas-edits';
export { CANVAS_TOOLS_ID, createCanvasSource } from './canvas-tool';
