/**
 * Splits markdown into top-level blocks (paragraphs, lists, tables, fenced code, display math) so a
 * streaming answer re-parses only its last block: the earlier ones are memoised and never change.
 * Splits happen only at blank lines outside fences and `$$` math, and never inside a list or before
 * an indented continuation line.
 */

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s{0,3}(?:[-*+]|\d{1,9}[.)])\s/;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:/m;

export function splitMarkdownBlocks(text: string): string[] {
  // Reference links and footnotes resolve across blocks: such texts are rendered whole.
  if (REFERENCE_DEFINITION.test(text)) return [text];
  const lines = text.split('\n');
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  let inMath = false;
  let pendingBlank = false;

  const flush = () => {
    if (current.length > 0) blocks.push(current.join('\n'));
    current = [];
  };

  for (const line of lines) {
    if (fence === null && !inMath && line.trim() === '') {
      pendingBlank = true;
      continue;
    }
    if (pendingBlank) {
      pendingBlank = false;
      const continues =
        /^\s/.test(line) || (current.length > 0 && LIST_ITEM.test(current[0] ?? '') && LIST_ITEM.test(line));
      if (continues) current.push('');
      else flush();
    }
    current.push(line);
    const fenceMatch = FENCE.exec(line);
    if (fence === null && !inMath) {
      if (fenceMatch) fence = fenceMatch[1]!;
      else if (
        line.trim() === '$$' ||
        (line.trim().startsWith('$$') && !line.trim().slice(2).includes('$$'))
      ) {
        inMath = true;
      }
    } else if (fence !== null) {
      if (
        fenceMatch &&
        fenceMatch[1]!.startsWith(fence[0]!) &&
        fenceMatch[1]!.length >= fence.length &&
        line.trim() === fenceMatch[1]
      ) {
        fence = null;
      }
    } else if (line.trim().endsWith('$$')) {
      inMath = false;
    }
  }
  flush();
  return blocks;
}
