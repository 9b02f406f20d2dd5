import { defaultUrlTransform } from 'react-markdown';

/**
 * Rendered markdown can never run script: react-markdown's transform keeps only http(s), mailto,
 * xmpp, irc(s) and relative URLs (`javascript:`, `vbscript:`, `data:` become ''), and this also drops
 * protocol-relative and whitespace-obfuscated forms the browser would still follow.
 */
export function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url.trim());
  // Control characters and whitespace inside a scheme ("java\tscript:") are stripped by browsers.
  const squashed = Array.from(cleaned)
    .filter((char) => char.charCodeAt(0) > 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .toLowerCase();
  if (/^(?:javascript|vbscript|data|file):/.test(squashed)) return '';
  // "//host/p" and its backslash forms ("\\host", "/\host") leave the site on the page's scheme.
  if (/^[/\\]{2}/.test(squashed)) return '';
  return cleaned;
}

/** Inline images cost no request, so an image may keep a data: raster or blob: address (AnswerImage decides). */
const INLINE_IMAGE_URL = /^(?:data:image\/(?:png|jpe?g|gif|webp|avif|bmp);|blob:)/i;

/** react-markdown's urlTransform: safeUrl, except that an image's src may also be an inline image. */
export function safeMarkdownUrl(url: string, key: string, node: { tagName?: string }): string {
  if (key === 'src' && node.tagName === 'img' && INLINE_IMAGE_URL.test(url.trim())) return url.trim();
  return safeUrl(url);
}
