import { estimateTokens } from '../models';

/** DO4: the visible marker put where a document was cut (to fit the model, or a reading limit). */
export const CUT_MARKER = '[… document cut here to fit …]';

/**
 * The longest start of `text` (cut at a line or word end where one is near) whose estimate with the
 * marker stays within `maxTokens`. Binary search on the length: the estimate grows with it.
 */
export function cutToTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  const markerTokens = estimateTokens(`\n\n${CUT_MARKER}`);
  const room = maxTokens - markerTokens;
  if (room <= 0) return CUT_MARKER;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (estimateTokens(text.slice(0, middle)) <= room) low = middle;
    else high = middle - 1;
  }
  const head = text.slice(0, low);
  const lineEnd = head.lastIndexOf('\n');
  const kept = lineEnd > low * 0.9 ? head.slice(0, lineEnd) : head;
  return `${kept.trimEnd()}\n\n${CUT_MARKER}`;
}

/** A reading limit's cut: the first `maxChars` characters and the marker. */
export function cutToChars(text: string, maxChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  return { text: `${text.slice(0, maxChars).trimEnd()}\n\n${CUT_MARKER}`, cut: true };
}
