import type { ProviderAccessInput } from '@parley/core/chat';
import type { ModelDescriptor } from '@parley/core/models';
import type { CanvasDocument } from './canvas-open';

/** Why the chat's model cannot be asked to change a passage. */
export type CanvasModelProblem =
  { ok: false; problem: 'no-model' } | { ok: false; problem: 'no-key'; model: string };

/**
 * What "Edit in canvas" needs from the app (decision 0135), given by the composition root: the open
 * chat's model with the user's access to it, the fetch to call it with, and where a version made in
 * the canvas is saved (the user's message in the chat, chat SPEC CV5).
 */
export interface CanvasEditPort {
  model(): { ok: true; model: ModelDescriptor; access: ProviderAccessInput } | CanvasModelProblem;
  fetch: typeof fetch;
  /** Saves the document as its next version; false when it could not be saved. */
  save(document: CanvasDocument): Promise<boolean>;
}
