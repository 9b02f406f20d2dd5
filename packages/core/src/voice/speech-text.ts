/**
 * Markdown to the plain text a voice should read: the words, not the markers. Code blocks are
 * announced ("code block"), never read symbol by symbol; a link is read by its text, a bare URL by its
 * host; a table row is read as "header: value" pairs; a list item or heading ends in a pause.
 * Deliberately line-based and small: a model's answer is markdown of the common kinds.
 */
export function speechTextFromMarkdown(markdown: string, words: SpeechWords = englishSpeechWords): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const spoken: string[] = [];
  let fence: string | undefined;
  let tableHeader: string[] | undefined;
  for (const raw of lines) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(raw);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      spoken.push(`${words.codeBlock}.`);
      continue;
    }
    if (/^\s*\$\$\s*$/.test(raw)) continue; // display-math fence
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(raw)) continue; // horizontal rule
    if (isTableRow(raw)) {
      const cells = tableCells(raw);
      if (cells.every((cell) => /^:?-{3,}:?$/.test(cell))) continue; // the rule under the header
      if (!tableHeader) {
        tableHeader = cells;
        spoken.push(withPause(cells.map(stripInline).join(', ')));
      } else {
        const header = tableHeader;
        const pairs = cells.map((cell, index) => {
          const name = header[index] ? stripInline(header[index]) : '';
          return name ? `${name}: ${stripInline(cell)}` : stripInline(cell);
        });
        spoken.push(withPause(pairs.join(', ')));
      }
      continue;
    }
    tableHeader = undefined;
    const heading = /^\s{0,3}#{1,6}\s+/.test(raw);
    const item = /^\s*(?:[-*+]|\d+[.)])\s+/.test(raw);
    const line = stripInline(
      raw
        .replace(/^\s{0,3}#{1,6}\s+/, '')
        .replace(/^\s*>+\s?/, '')
        .replace(/^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?/, ''),
    );
    spoken.push(heading || item ? withPause(line) : line);
  }
  return spoken
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Words the reader says in place of things it does not read out; the UI passes its language's. */
export interface SpeechWords {
  readonly codeBlock: string;
}
export const englishSpeechWords: SpeechWords = { codeBlock: 'Code block' };

function isTableRow(line: string): boolean {
  return /^\s*\|.*\|\s*$/.test(line);
}

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** A heading, list item or table row ends in a full stop so the voice pauses after it. */
function withPause(text: string): string {
  return text === '' || /[.!?:;…]$/.test(text) ? text : `${text}.`;
}

function hostOf(url: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#:\s]+)/i.exec(url)?.[1] ?? url;
  return host.replace(/^www\./i, '');
}

function stripInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // image: its alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // link: its text
    .replace(/<((?:https?|ftp):\/\/[^>\s]+)>/gi, (_, url: string) => hostOf(url)) // autolink
    .replace(/<\/?[a-zA-Z][^>]*>/g, '') // HTML tags
    .replace(/\b(?:https?|ftp):\/\/[^\s)<>\]]+/gi, (url) => hostOf(url)) // bare URL: its host
    .replace(/`([^`]*)`/g, '$1') // inline code
    .replace(/(\*\*|__)(.+?)\1/g, '$2') // bold
    .replace(/(^|[^\w*])([*_])(?=\S)(.+?)(?<=\S)\2(?![\w*])/g, '$1$3') // italic, not snake_case
    .replace(/~~(.+?)~~/g, '$1') // strikethrough
    .replace(/\$([^$]+)\$/g, '$1') // inline math
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}
