/**
 * What an image URL in an answer would cost to show. Only images that cause no request show at once:
 * `data:` raster images and `blob:` URLs of this origin (made by the app itself). Anything fetched
 * from a network is remote, with the host it would reach: an answer can put chat text in the URL
 * (prompt-injection exfiltration), so the user decides (decision 0025).
 */
export type ImageSource = { kind: 'inline'; src: string } | { kind: 'remote'; src: string; host: string };

const INLINE_DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|bmp);/i;

/** `base` is the app's origin, so relative URLs are judged where the browser would fetch them. */
export function imageSource(src: string, base: string): ImageSource | undefined {
  const trimmed = src.trim();
  if (INLINE_DATA_IMAGE.test(trimmed)) return { kind: 'inline', src: trimmed };
  let url: URL;
  try {
    url = new URL(trimmed, base);
  } catch {
    return undefined;
  }
  if (url.protocol === 'blob:')
    return url.origin === new URL(base).origin ? { kind: 'inline', src: trimmed } : undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { kind: 'remote', src: url.href, host: url.host };
}
