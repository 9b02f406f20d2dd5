/**
 * The provider streaming code (parsers, normalisers) is its own chunk, loaded on the first send (or
 * earlier, by preloadStreaming when the user starts typing), so the first screen stays small.
 * Import answer-stream and chat-enhancements only as types elsewhere, or they join the first chunk.
 */
export async function loadStreaming(attempts = LOAD_ATTEMPTS): ReturnType<typeof importStreaming> {
  try {
    return await importStreaming();
  } catch (error) {
    // Online, a failed fetch is often a blip: the browser fetches a failed module again. Offline,
    // the user is told at once (waiting for the network would leave the answer hanging).
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    if (offline || attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    return loadStreaming(attempts - 1);
  }
}

const LOAD_ATTEMPTS = 3;
const RETRY_DELAY_MS = 500;

async function importStreaming() {
  const [stream, enhancements] = await Promise.all([
    import('./answer-stream'),
    import('./chat-enhancements'),
  ]);
  return { runAnswerStream: stream.runAnswerStream, runEnhancements: enhancements.runEnhancements };
}
