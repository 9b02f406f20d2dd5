/** How often a streaming answer is saved (see the chat session). */

/** A long stream is saved this often (at least), so a closed tab loses little. */
export const PARTIAL_SAVE_INTERVAL_MS = 2_000;
/**
 * Saving a chat re-validates all of it on the main thread, so a chat that takes long to save is
 * saved less often while streaming: never more than about 1/30 of the time goes to saving.
 */
const SAVE_TIME_SHARE = 30;

export function checkpointInterval(lastSaveMs: number): number {
  return Math.max(PARTIAL_SAVE_INTERVAL_MS, lastSaveMs * SAVE_TIME_SHARE);
}
