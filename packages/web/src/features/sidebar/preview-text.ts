/**
 * A chat summary's preview is the first characters of the last message as written, markdown and
 * all. The sidebar shows it as plain words: no heading hashes, emphasis marks, code backticks,
 * link targets, quote or list markers, and one space between lines.
 */
export function previewText(preview: string): string {
  return preview
    .replace(/!?\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|\s)[*_](\S)/g, '$1$2')
    .replace(/(\S)[*_](?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
