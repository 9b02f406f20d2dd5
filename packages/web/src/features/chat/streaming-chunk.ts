/**
 * The provider streaming code (parsers, normalisers) is its own chunk, loaded on the first send (or
 * earlier, by preloadStreaming when the user starts typing), so the first screen stays small.
 * Import answer-stream and chat-enhancements only as types elsewhere, or they join the first chunk.
 */
export async function loadStreaming() {
  const [stream, enhancements] = await Promise.all([
    import('./answer-stream'),
    import('./chat-enhancements'),
  ]);
  return { runAnswerStream: stream.runAnswerStream, runEnhancements: enhancements.runEnhancements };
}
