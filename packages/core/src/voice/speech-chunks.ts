/**
 * Splits the text to speak into chunks sent to the speech engine one after another (decision 0087).
 * The first chunk is one short sentence (or the first words of a long one), so the first audio comes
 * back fast; later chunks pack whole sentences up to `maxChars`, so there are few requests and few
 * seams. No sentence is cut unless it alone is longer than a chunk, and then at a word boundary.
 */
export interface SpeechChunkOptions {
  /** The first chunk's limit. */
  readonly firstChars?: number;
  readonly maxChars?: number;
}

export const FIRST_SPEECH_CHUNK_CHARS = 160;
export const SPEECH_CHUNK_CHARS = 600;

/** Sentences and paragraph lines, each with its closing punctuation. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    // Only punctuation before a space ends a sentence: 3.5 and example.com stay whole.
    for (const part of paragraph.split(/(?<=[.!?…]["')\]]*)\s+(?=\S)/)) {
      const sentence = part.trim();
      if (sentence) sentences.push(sentence);
    }
  }
  return sentences;
}

function splitAtWords(sentence: string, limit: number): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > limit) {
    const head = rest.slice(0, limit + 1);
    const comma = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '));
    const space = head.lastIndexOf(' ');
    const cut = comma > limit / 2 ? comma + 1 : space > 0 ? space : limit;
    pieces.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

export function speechChunks(text: string, options: SpeechChunkOptions = {}): string[] {
  const firstChars = options.firstChars ?? FIRST_SPEECH_CHUNK_CHARS;
  const maxChars = Math.max(firstChars, options.maxChars ?? SPEECH_CHUNK_CHARS);
  const sentences = splitSentences(text);
  const chunks: string[] = [];
  let current = '';
  for (const sentence of sentences) {
    if (chunks.length === 0 && current === '') {
      // The first chunk: the first sentence alone, or its first words when it is long.
      const [first = '', ...rest] = splitAtWords(sentence, firstChars);
      chunks.push(first);
      const restPieces = splitAtWords(rest.join(' '), maxChars);
      current = restPieces.pop() ?? '';
      chunks.push(...restPieces);
      continue;
    }
    const joined = current ? `${current} ${sentence}` : sentence;
    if (joined.length <= maxChars) {
      current = joined;
      continue;
    }
    if (current) chunks.push(current);
    const pieces = splitAtWords(sentence, maxChars);
    current = pieces.pop() ?? '';
    chunks.push(...pieces);
  }
  if (current) {
    for (const piece of splitAtWords(current, maxChars)) chunks.push(piece);
  }
  return chunks;
}
