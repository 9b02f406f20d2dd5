import { estimateTokens } from '../models';

/**
 * KB1-KB4 (knowledge/SPEC.md): a document's text cut into passages for the index, along its
 * headings and paragraphs, each passage carrying the headings it sits under and where it is in the
 * text (so a citation can open the document at it), with a little of the passage before it repeated
 * at its start so a sentence that spans two passages is found in either.
 */

export type Passage = {
  /** Its place among the document's passages, from 0. */
  index: number;
  /** The headings above it, outermost first, joined by " › "; empty before the first heading. */
  heading: string;
  /** The passage as in the document (`source.slice(start, end)`). */
  text: string;
  /** Where it starts and ends in the document's text (UTF-16 offsets). */
  start: number;
  end: number;
  tokens: number;
};

export type PassageOptions = {
  /** KB2: a passage holds at most about this many tokens (a longer paragraph is cut by sentences). */
  maxTokens?: number;
  /** KB3: about this many tokens of the passage before start the next one in the same section. */
  overlapTokens?: number;
};

export const PASSAGE_DEFAULTS = { maxTokens: 300, overlapTokens: 50 } as const;

/** A piece of the text that is never cut further unless it is too long on its own. */
type Piece = { start: number; end: number; tokens: number };
type Section = { heading: string; pieces: Piece[] };

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;
/** The page marker the PDF reader writes (`[Page 3]`): a heading of its own level. */
const PAGE_MARKER = /^\[Page (\d+)\]$/;

/** KB1: sections by heading (Markdown ATX headings and the PDF reader's page markers). */
function sectionsOf(source: string, maxTokens: number): Section[] {
  const sections: Section[] = [];
  const trail: string[] = [];
  let current: Section = { heading: '', pieces: [] };
  let paragraphStart = -1;
  let paragraphEnd = -1;
  const closeParagraph = () => {
    if (paragraphStart < 0) return;
    current.pieces.push(...piecesOf(source, paragraphStart, paragraphEnd, maxTokens));
    paragraphStart = -1;
  };
  let offset = 0;
  for (const line of source.split('\n')) {
    const lineStart = offset;
    const lineEnd = offset + line.length;
    offset = lineEnd + 1;
    const trimmed = line.trim();
    const heading = HEADING.exec(trimmed);
    const page = PAGE_MARKER.exec(trimmed);
    if (heading || page) {
      closeParagraph();
      if (current.pieces.length > 0) sections.push(current);
      if (heading) {
        const level = heading[1]!.length;
        trail.length = Math.min(trail.length, level - 1);
        while (trail.length < level - 1) trail.push('');
        trail.push(heading[2]!.trim());
      } else {
        trail.length = 0;
        trail.push(`Page ${page![1]}`);
      }
      current = { heading: trail.filter((part) => part !== '').join(' › '), pieces: [] };
      continue;
    }
    if (trimmed === '') {
      closeParagraph();
      continue;
    }
    if (paragraphStart < 0) paragraphStart = lineStart;
    paragraphEnd = lineEnd;
  }
  closeParagraph();
  if (current.pieces.length > 0) sections.push(current);
  return sections;
}

const SENTENCE_END = /[.!?。！？](?=\s)|\n/g;

/** KB2: a paragraph as one piece, or cut at sentence ends (then at spaces) when it is too long. */
function piecesOf(source: string, start: number, end: number, maxTokens: number): Piece[] {
  const text = source.slice(start, end);
  const tokens = estimateTokens(text);
  if (tokens <= maxTokens) return [{ start, end, tokens }];
  const pieces: Piece[] = [];
  let from = 0;
  let lastCut = 0;
  SENTENCE_END.lastIndex = 0;
  const push = (to: number) => {
    const slice = text.slice(from, to);
    const cutFrom = from;
    from = to;
    const trimmedStart = cutFrom + (slice.length - slice.trimStart().length);
    const trimmedEnd = to - (slice.length - slice.trimEnd().length);
    if (trimmedEnd <= trimmedStart) return;
    const pieceTokens = estimateTokens(text.slice(trimmedStart, trimmedEnd));
    if (pieceTokens <= maxTokens)
      pieces.push({ start: start + trimmedStart, end: start + trimmedEnd, tokens: pieceTokens });
    else pieces.push(...hardCut(source, start + trimmedStart, start + trimmedEnd, maxTokens));
  };
  for (let match = SENTENCE_END.exec(text); match; match = SENTENCE_END.exec(text)) {
    const cut = match.index + match[0].length;
    if (estimateTokens(text.slice(from, cut)) > maxTokens && lastCut > from) push(lastCut);
    lastCut = cut;
  }
  if (estimateTokens(text.slice(from)) > maxTokens && lastCut > from) push(lastCut);
  push(text.length);
  return pieces;
}

/** A sentence longer than a passage: cut at the last space before the limit. */
function hardCut(source: string, start: number, end: number, maxTokens: number): Piece[] {
  const pieces: Piece[] = [];
  const maxChars = maxTokens * 3;
  let from = start;
  while (from < end) {
    let to = Math.min(end, from + maxChars);
    if (to < end) {
      const space = source.lastIndexOf(' ', to);
      if (space > from + maxChars / 2) to = space;
    }
    const text = source.slice(from, to);
    pieces.push({ start: from, end: to, tokens: estimateTokens(text) });
    from = to;
    while (from < end && source[from] === ' ') from++;
  }
  return pieces;
}

/**
 * KB1-KB4: the passages of a document's text, in order. Pieces (paragraphs, or sentences of a long
 * one) are packed into a passage until the next would pass `maxTokens`; the next passage of the same
 * section starts with the last pieces of the one before that fit in `overlapTokens` (KB3). A passage
 * never spans two sections (KB1), and the text is never changed, only cut (KB4).
 */
export function splitIntoPassages(source: string, options: PassageOptions = {}): Passage[] {
  const maxTokens = options.maxTokens ?? PASSAGE_DEFAULTS.maxTokens;
  const overlapTokens = options.overlapTokens ?? PASSAGE_DEFAULTS.overlapTokens;
  const passages: Passage[] = [];
  for (const section of sectionsOf(source, maxTokens)) {
    let chosen: Piece[] = [];
    let tokens = 0;
    let fresh = 0;
    const emit = () => {
      const start = chosen[0]!.start;
      const end = chosen[chosen.length - 1]!.end;
      const text = source.slice(start, end);
      passages.push({ index: passages.length, heading: section.heading, text, start, end, tokens });
      // KB3: the last pieces that fit the overlap start the next passage.
      const kept: Piece[] = [];
      let keptTokens = 0;
      for (let i = chosen.length - 1; i > 0; i--) {
        if (keptTokens + chosen[i]!.tokens > overlapTokens) break;
        kept.unshift(chosen[i]!);
        keptTokens += chosen[i]!.tokens;
      }
      chosen = kept;
      tokens = keptTokens;
      fresh = 0;
    };
    for (const piece of section.pieces) {
      if (fresh > 0 && tokens + piece.tokens > maxTokens) emit();
      // An overlap that would leave no room for the next piece is dropped.
      if (tokens + piece.tokens > maxTokens) {
        chosen = [];
        tokens = 0;
      }
      chosen.push(piece);
      tokens += piece.tokens;
      fresh++;
    }
    if (fresh > 0) emit();
  }
  return passages;
}

/** The text a passage is indexed and sent with: its headings first, so they count for search. */
export function passageSearchText(passage: Pick<Passage, 'heading' | 'text'>): string {
  return passage.heading ? `${passage.heading}\n${passage.text}` : passage.text;
}
