import { retryingImport } from '../../lib/retrying-import';

/**
 * The provider streaming code (parsers, normalisers) is its own chunk, loaded on the first send (or
 * earlier, by preloadStreaming when the user starts typing), so the first screen stays small.
 * Import answer-stream and chat-enhancements only as types elsewhere, or they join the first chunk.
 */
export function loadStreaming(): ReturnType<typeof importStreaming> {
  // Online, a failed fetch is often a blip and is tried twice more; offline the user is told at once.
  return retryingImport(importStreaming, { retries: 2, offline: 'fail' });
}

async function importStreaming() {
  const [stream, enhancements] = await Promise.all([
    import('./answer-stream'),
    import('./chat-enhancements'),
  ]);
  return { runAnswerStream: stream.runAnswerStream, runEnhancements: enhancements.runEnhancements };
}
