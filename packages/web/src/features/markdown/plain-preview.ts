/**
 * Text shown as written past the markdown bound (decision 0068) can be most of a megabyte: laying out
 * 800 kB of text takes the browser half a second or more. Past PLAIN_PREVIEW_CHARS characters it
 * starts as a preview, and the rest is laid out when asked for; nothing of it is dropped.
 */
export const PLAIN_PREVIEW_CHARS = 32_000;

/** The first PLAIN_PREVIEW_CHARS characters of `text` (no half of a surrogate pair), or all of it. */
export function plainPreview(text: string): string {
  if (text.length <= PLAIN_PREVIEW_CHARS) return text;
  const code = text.charCodeAt(PLAIN_PREVIEW_CHARS - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? PLAIN_PREVIEW_CHARS - 1 : PLAIN_PREVIEW_CHARS);
}
