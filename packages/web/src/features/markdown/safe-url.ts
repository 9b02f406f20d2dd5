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
  return cleaned;
}
