/**
 * Large blocks in pieces. Parsing markdown is not linear enough for long blocks: a 200-row GFM table
 * takes 60 ms or more to parse, and a streaming answer re-parses its last block on every frame. A big
 * table is therefore parsed in chunks of rows (each with the table's header and delimiter row, so each
 * parses as the same table) and rendered as the bodies of one table; a big plain paragraph is parsed
 * in chunks of whole lines and rendered inside one paragraph. Chunk boundaries depend only on the text
 * before them, so while an answer streams every chunk but the last stays the same and is not re-parsed.
 */

export type ChunkedBlock =
  | { kind: 'whole'; text: string }
  /** Each chunk is the header line, the delimiter line and up to TABLE_CHUNK_ROWS body rows. */
  | { kind: 'table'; chunks: string[] }
  /** Each chunk is whole lines of one paragraph; joined by newlines they are the block. */
  | { kind: 'paragraph'; chunks: string[] };

export const TABLE_CHUNK_ROWS = 25;
/** A paragraph is cut only past this size, into chunks of about PARAGRAPH_CHUNK_CHARS. */
export const PARAGRAPH_SPLIT_CHARS = 4_000;
export const PARAGRAPH_CHUNK_CHARS = 2_000;

const DELIMITER_ROW = /^\s{0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
/**
 * A line that may start something other than paragraph text (heading, quote, list, fence, table,
 * HTML, math, setext underline, indented code): a block holding one is never cut as a paragraph.
 */
const NOT_PLAIN_LINE = /^(?:\s{4}|\s*(?:[#>*+\-|<=`~$_]|\d{1,9}[.)](?:\s|$))|\t)/;

function tableChunks(lines: readonly string[]): string[] | null {
  const rows = lines.length - 2;
  if (rows <= TABLE_CHUNK_ROWS || !lines[0]!.includes('|') || !DELIMITER_ROW.test(lines[1]!)) return null;
  // A line without a pipe would end the table (or continue it lazily): not a plain table.
  if (lines.some((line) => !line.includes('|'))) return null;
  const head = `${lines[0]}\n${lines[1]}`;
  const chunks: string[] = [];
  for (let start = 2; start < lines.length; start += TABLE_CHUNK_ROWS) {
    chunks.push(`${head}\n${lines.slice(start, start + TABLE_CHUNK_ROWS).join('\n')}`);
  }
  return chunks;
}

function paragraphChunks(text: string, lines: readonly string[]): string[] | null {
  if (text.length <= PARAGRAPH_SPLIT_CHARS || lines.length < 2) return null;
  if (lines.some((line) => line.trim() === '' || NOT_PLAIN_LINE.test(line))) return null;
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    current.push(line);
    size += line.length + 1;
    // A line ending in two spaces or a backslash is a hard break that belongs to the next line.
    if (size >= PARAGRAPH_CHUNK_CHARS && !/(?: {2}|\\)$/.test(line)) {
      chunks.push(current.join('\n'));
      current = [];
      size = 0;
    }
  }
  if (current.length > 0) chunks.push(current.join('\n'));
  return chunks.length > 1 ? chunks : null;
}

/** One block (from splitMarkdownBlocks) as it is rendered: whole, or in chunks. */
export function chunkBlock(text: string): ChunkedBlock {
  const lines = text.split('\n');
  const table = lines.length > 2 ? tableChunks(lines) : null;
  if (table) return { kind: 'table', chunks: table };
  const paragraph = paragraphChunks(text, lines);
  if (paragraph) return { kind: 'paragraph', chunks: paragraph };
  return { kind: 'whole', text };
}
