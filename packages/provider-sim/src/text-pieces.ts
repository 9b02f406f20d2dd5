import { randomInt, seededRandom } from './seeded-random';

/** Prompt token estimate used everywhere: about four characters per token, as providers roughly count. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * Splits text into word-sized deltas, each carrying the whitespace that precedes the word (as real tokenisers
 * do), so joining the deltas gives back the exact text. Each delta counts as one output token.
 */
export function wordDeltas(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/**
 * Splits a JSON argument string into small pieces of 1-7 characters at seeded positions, so pieces break
 * inside keys, values and escapes the way real tool-call streams do. Always at least two pieces when the
 * text has two or more characters.
 */
export function argumentPieces(json: string, seed: number): string[] {
  const random = seededRandom(seed);
  const pieces: string[] = [];
  let at = 0;
  while (at < json.length) {
    const size = randomInt(random, 1, 7);
    const remaining = json.length - at;
    const take =
      pieces.length === 0 && remaining > 1 ? Math.min(size, remaining - 1) : Math.min(size, remaining);
    pieces.push(json.slice(at, at + take));
    at += take;
  }
  return pieces;
}
