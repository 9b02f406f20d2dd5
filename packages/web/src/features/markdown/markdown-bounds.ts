import { splitMarkdownBlocks } from './markdown-blocks';
import { chunkBlock } from './markdown-chunks';

/**
 * Hostile markdown is bounded before it is parsed (decision 0068). The parser (micromark, under
 * react-markdown) recurses once per level of nesting and, for some inline delimiters, walks back over
 * the paragraph before them: 10,000 nested `> ` overflow the stack, 5,000 nested list markers take
 * seconds (each re-checks the rest of the line), 10,000 nested `*` take seconds and then overflow,
 * 50,000 `]` without a `[` take tens of seconds. One linear pass over each block finds the first line
 * that would nest deeper than MAX_NESTING levels (block quotes, list items, footnote definitions,
 * emphasis and strikethrough) or whose inline delimiters would make the parser's walks back pass
 * what is left of INLINE_WORK_BUDGET; from the start of that line the rest of the block is shown as
 * written, never parsed. The work budget is the whole message's: a later block gets what is left.
 *
 * The pass follows CommonMark's container rules closely enough never to count fewer levels than
 * the parser opens: where the parser could go either way (a lazy continuation line, say) it keeps
 * the deeper reading. It over-counts only in cases real answers do not have (33 open `*` in one
 * paragraph, a thematic break of 33 spaced dashes), and then a line shows as text, nothing is lost.
 */

/** Levels of block quotes, list items and footnote definitions; and of nested emphasis. */
export const MAX_NESTING = 32;

/**
 * Characters the parser may walk over again, summed over a message: 15 to 50 ns each, so the worst a
 * message can cost in such walks is about half a second. Real text spends little: none of the
 * repository's and its dependencies' 495 markdown files passes 100,000 (a closer usually finds its
 * opener a few words back).
 */
export const INLINE_WORK_BUDGET = 10_000_000;

/** One block: the part parsed as markdown and, when the bound cut it, the rest shown as written. */
export type BoundedBlock = { markdown: string; plain: string };

/** The text's top-level blocks (splitMarkdownBlocks), each with the part past the bound cut off. */
export function boundMarkdown(text: string): BoundedBlock[] {
  const budget = { left: INLINE_WORK_BUDGET };
  return splitMarkdownBlocks(text).map((block) => {
    // While an answer streams, every block but the last is the same as a frame ago, with the same
    // budget left before it: read again, it would be cut the same way.
    const key = `${budget.left}\u0000${block}`;
    const seen = recent.get(key);
    if (seen) {
      budget.left -= seen.spent;
      return seen.bounded;
    }
    const left = budget.left;
    const bounded = boundBlock(block, budget);
    remember(key, { spent: left - budget.left, bounded });
    return bounded;
  });
}

/**
 * Blocks bounded lately, by the budget left before them and their text: about 1 MB of them, the
 * least recently read going first.
 */
const recent = new Map<string, { spent: number; bounded: BoundedBlock }>();
const RECENT_CHARS = 1_000_000;
let recentChars = 0;

function remember(key: string, entry: { spent: number; bounded: BoundedBlock }): void {
  if (key.length > RECENT_CHARS) return;
  recentChars += key.length;
  recent.set(key, entry);
  for (const [oldest] of recent) {
    if (recentChars <= RECENT_CHARS) break;
    recent.delete(oldest);
    recentChars -= oldest.length;
  }
}

/** Cuts one block at the first line past the bound; spends `budget` (shared by a message's blocks). */
export function boundBlock(text: string, budget: { left: number }): BoundedBlock {
  if (budget.left <= 0) return { markdown: '', plain: text };
  // A long plain paragraph is parsed in chunks (markdown-chunks.ts): each is a paragraph of its own.
  const block = chunkBlock(text);
  const pieces = block.kind === 'paragraph' ? block.chunks : [text];
  let offset = 0;
  for (const piece of pieces) {
    const cut = new BlockScan(piece, budget).firstLinePastBound();
    if (cut >= 0) {
      const at = offset + cut;
      // The line break before the cut line belongs to neither part.
      return { markdown: text.slice(0, Math.max(0, at - 1)).replace(/\r$/, ''), plain: text.slice(at) };
    }
    offset += piece.length + 1;
  }
  return { markdown: text, plain: '' };
}

const TAB = 9;
const LF = 10;
const CR = 13;
const SPACE = 32;
const BANG = 33;
const DOLLAR = 36;
const PLUS = 43;
const DASH = 45;
const DOT = 46;
const OPEN_PAREN = 40;
const RIGHT_PAREN = 41;
const STAR = 42;
const COLON = 58;
const GT = 62;
const HASH = 35;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const CARET = 94;
const UNDERSCORE = 95;
const BACKTICK = 96;
const PIPE = 124;
const TILDE = 126;

/** Footnote labels are at most this long (micromark's linkReferenceSizeMax). */
const LABEL_MAX = 999;

type Container =
  /** A block quote: continues on a line with `>`. */
  | { quote: true; width: 0; kind: number }
  /** A list item or footnote definition: continues on a line indented `width` columns (or blank). */
  | { quote: false; width: number; kind: number };

/** Marker kinds of list items (a sibling item has the same kind) and footnote definitions. */
const FOOTNOTE = -1;

type Marker = { quote: boolean; kind: number; number: number; end: number; endCol: number };

type Fence = { depth: number; char: number; size: number };

/** An emphasis or strikethrough run waiting for its closer. */
type Opener = { char: number; pos: number; size: number };

function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

function isWhitespace(code: number): boolean {
  return (
    Number.isNaN(code) ||
    code === SPACE ||
    code === TAB ||
    code === LF ||
    code === CR ||
    code === 12 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

const UNICODE_PUNCTUATION = /[\p{P}\p{S}]/u;

function isPunctuation(code: number): boolean {
  if (code < 128) {
    return (
      (code >= 33 && code <= 47) ||
      (code >= 58 && code <= 64) ||
      (code >= 91 && code <= 96) ||
      (code >= 123 && code <= 126)
    );
  }
  return UNICODE_PUNCTUATION.test(String.fromCharCode(code));
}

/**
 * One block, line by line: the open containers (as the parser keeps them), an open code or math
 * fence, and the current paragraph's inline delimiters, with the walks back they will cost.
 */
class BlockScan {
  private readonly stack: Container[] = [];
  private fence: Fence | null = null;
  /** The last line was paragraph text (so the next may be a lazy continuation of it). */
  private inParagraph = false;
  /** The previous line held a `|` (a table's header row, if a delimiter row follows). */
  private previousHadPipe = false;
  private inTable = false;
  // The inline context (one paragraph, heading or table row): its length so far and open delimiters.
  private contextLength = 0;
  private openers: Opener[] = [];
  private brackets: number[] = [];
  /** The next `)` (see nextParen) and the runs of backticks and dollars (see nextSameRun). */
  private parenAt = -1;
  private runs: Map<number, number> | null = null;
  // Where a line's content is read: index, column, and columns left of a tab half consumed.
  private i = 0;
  private col = 0;
  private partial = 0;
  private lineEnd = 0;
  /** The line's last character that is not a space or tab (before `i`: the rest is blank). */
  private lastNonBlank = 0;

  constructor(
    private readonly text: string,
    private readonly budget: { left: number },
  ) {}

  /** The index where the first line past the bound starts, or -1 when the whole block is within it. */
  firstLinePastBound(): number {
    const { text } = this;
    let start = 0;
    while (start <= text.length) {
      let end = start;
      while (end < text.length) {
        const code = text.charCodeAt(end);
        if (code === LF || code === CR) break;
        end++;
      }
      if (!this.line(start, end)) return start;
      if (end >= text.length) break;
      start = end + (text.charCodeAt(end) === CR && text.charCodeAt(end + 1) === LF ? 2 : 1);
    }
    return -1;
  }

  /** Reads one line; false when it is past the bound. */
  private line(start: number, end: number): boolean {
    this.i = start;
    this.col = 0;
    this.partial = 0;
    this.lineEnd = end;
    let last = end - 1;
    while (last >= start && isSpaceOrTab(this.text.charCodeAt(last))) last--;
    this.lastNonBlank = last;
    const matched = this.matchContainers();

    if (this.fence) {
      if (matched >= this.fence.depth) {
        if (this.closesFence(this.fence)) this.fence = null;
        return true;
      }
      // The fence's container ended, and the fence with it (code takes no lazy lines).
      this.fence = null;
      this.stack.length = matched;
      this.inParagraph = false;
    }

    const blank = this.restIsBlank();
    const first = blank ? null : this.peekMarker();
    if (first === null) {
      if (blank) {
        this.stack.length = matched;
        this.endContext();
        this.inParagraph = false;
        this.inTable = false;
        this.previousHadPipe = false;
        return true;
      }
      // A line that continues no container: a lazy continuation of the paragraph, or it closes them.
      if (!this.inParagraph) this.stack.length = matched;
      return this.leaf(false);
    }

    // A marker that cannot interrupt the open paragraph makes the line its lazy continuation, unless
    // the parser has no paragraph open where this pass thinks it has (after a table row, say): then
    // the markers open containers. Both readings are kept: the open containers, and new ones on top.
    const certain = !this.inParagraph || this.interrupts(first) || this.isSibling(this.stack[matched], first);
    if (certain) this.stack.length = matched;
    let marker: Marker | null = first;
    while (marker) {
      if (this.stack.length >= MAX_NESTING) {
        if (this.isThematicBreakFromHere()) break;
        return false;
      }
      const startCol = this.col;
      this.eatIndent(3);
      this.i = marker.end;
      this.col = marker.endCol;
      if (marker.quote) {
        this.stack.push({ quote: true, width: 0, kind: GT });
        this.eatIndent(1);
      } else {
        const blankAfter = this.restIsBlank();
        const spaces = blankAfter ? 0 : this.peekIndent(5);
        const width =
          marker.kind === FOOTNOTE
            ? 4
            : blankAfter || spaces >= 5
              ? marker.endCol - startCol + 1
              : marker.endCol - startCol + spaces;
        this.stack.push({ quote: false, width, kind: marker.kind });
        if (blankAfter) break;
        // Five spaces or more after a list marker: its content is indented code.
        if (spaces >= 5) {
          this.eatIndent(1);
          break;
        }
        if (marker.kind !== FOOTNOTE) this.eatIndent(spaces);
      }
      marker = this.restIsBlank() ? null : this.peekMarker();
    }
    return this.leaf(certain);
  }

  /** Continues the open containers the line continues; their count. */
  private matchContainers(): number {
    let matched = 0;
    for (const container of this.stack) {
      if (container.quote) {
        const saved = this.save();
        this.eatIndent(3);
        if (this.i < this.lineEnd && this.text.charCodeAt(this.i) === GT) {
          this.i++;
          this.col++;
          this.eatIndent(1);
          matched++;
          continue;
        }
        this.restore(saved);
        break;
      }
      if (this.restIsBlank()) {
        matched++;
        continue;
      }
      if (this.peekIndent(container.width) >= container.width) {
        this.eatIndent(container.width);
        matched++;
        continue;
      }
      break;
    }
    return matched;
  }

  /**
   * The line's content after its containers: a fence, a heading, a table row or paragraph text,
   * whose inline delimiters are counted. `opened`: the line started a container (a new paragraph).
   */
  private leaf(opened: boolean): boolean {
    const continues = this.inParagraph && !opened;
    if (!continues) this.endContext();
    // Indented code (indented text that continues a paragraph is text).
    if (!continues && this.peekIndent(4) >= 4) {
      this.inParagraph = false;
      return true;
    }
    const saved = this.save();
    this.eatIndent(3);
    const fence = this.opensFence();
    if (fence) {
      this.fence = fence;
      this.endContext();
      this.inParagraph = false;
      this.inTable = false;
      return true;
    }
    const code = this.text.charCodeAt(this.i);
    if ((code === STAR || code === DASH || code === UNDERSCORE) && this.isThematicBreakFromHere()) {
      this.endContext();
      this.inParagraph = false;
      return true;
    }
    const heading = code === HASH && this.isHeadingHere();
    this.restore(saved);
    let hasPipe = false;
    for (let index = this.i; index < this.lineEnd && !hasPipe; index++)
      hasPipe = this.text.charCodeAt(index) === PIPE;
    if (!this.inTable && this.previousHadPipe && this.isDelimiterRow()) this.inTable = true;
    this.previousHadPipe = hasPipe;
    // A heading and each table row are inline contexts of their own.
    if (heading || this.inTable) this.endContext();
    const within = this.inline();
    if (heading || this.inTable) this.endContext();
    this.inParagraph = !heading;
    return within;
  }

  /**
   * The line's inline delimiters, as the parser resolves them: each `]` walks back to its `[` (or to
   * the paragraph's start when there is none), each emphasis or strikethrough closer to its opener.
   * False when the nesting or the walks pass the bound.
   */
  private inline(): boolean {
    const { text } = this;
    const base = this.contextLength - this.i;
    let work = 0;
    for (let index = this.i; index < this.lineEnd; index++) {
      const code = text.charCodeAt(index);
      if (code === BACKSLASH) {
        index++;
      } else if (code === OPEN_BRACKET) {
        this.brackets.push(base + index);
      } else if (code === BANG && text.charCodeAt(index + 1) === OPEN_BRACKET) {
        this.brackets.push(base + index);
        index++;
      } else if (code === CLOSE_BRACKET) {
        const open = this.brackets.pop();
        work += base + index - (open ?? 0);
        // A link's destination and title are read up to a `)`, or to the paragraph's end.
        if (open !== undefined && text.charCodeAt(index + 1) === OPEN_PAREN)
          work += this.nextParen(index) - index;
      } else if (code === BACKTICK || code === DOLLAR) {
        // A code span or inline math is read up to a run of as many, or to the paragraph's end.
        let end = index + 1;
        while (end < this.lineEnd && text.charCodeAt(end) === code) end++;
        work += this.nextSameRun(index) - index;
        index = end - 1;
      } else if (code === STAR || code === UNDERSCORE || code === TILDE) {
        let end = index + 1;
        while (end < this.lineEnd && text.charCodeAt(end) === code) end++;
        const size = end - index;
        if (code !== TILDE || size <= 2) {
          const cost = this.attention(
            code,
            base + index,
            size,
            index === this.i ? LF : text.charCodeAt(index - 1),
            end === this.lineEnd ? LF : text.charCodeAt(end),
          );
          if (cost < 0) return false;
          work += cost;
        }
        index = end - 1;
      }
      if (work > this.budget.left) return false;
    }
    this.budget.left -= work;
    this.contextLength = base + this.lineEnd + 1;
    return true;
  }

  /** One run of `*`, `_` or `~`: the walk back it costs, or -1 when it nests past the bound. */
  private attention(char: number, pos: number, size: number, before: number, after: number): number {
    const leftFlanking =
      !isWhitespace(after) && (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before));
    const rightFlanking =
      !isWhitespace(before) && (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after));
    const canOpen =
      char === UNDERSCORE ? leftFlanking && (!rightFlanking || isPunctuation(before)) : leftFlanking;
    const canClose =
      char === UNDERSCORE ? rightFlanking && (!leftFlanking || isPunctuation(after)) : rightFlanking;
    let left = size;
    let work = 0;
    if (canClose) {
      const { openers } = this;
      // The nearest opener of the same character; the ones above it can no longer match.
      let index = openers.length - 1;
      while (left > 0 && index >= 0) {
        const opener = openers[index]!;
        if (opener.char !== char) {
          index--;
          continue;
        }
        const used = Math.min(opener.size, left);
        const levels = char === TILDE ? 1 : Math.ceil(used / 2);
        if (index + levels > MAX_NESTING) return -1;
        work += (pos - opener.pos) * levels;
        opener.size -= used;
        left -= used;
        openers.length = opener.size > 0 ? index + 1 : index;
        index = openers.length - 1;
      }
      // No opener (left): the parser walks back to the paragraph's start.
      if (left > 0) work += pos;
    }
    if (canOpen && left > 0) {
      if (this.openers.length >= MAX_NESTING * 8) this.openers.splice(0, MAX_NESTING * 4);
      this.openers.push({ char, pos, size: left });
    }
    return work;
  }

  /** Where the first `)` after `index` is (the block's end when none): found moving forward only. */
  private nextParen(index: number): number {
    if (this.parenAt <= index) {
      const found = this.text.indexOf(')', index + 1);
      this.parenAt = found < 0 ? this.text.length : found;
    }
    return this.parenAt;
  }

  /** Where the next run of backticks (or dollars) as long as the one at `index` starts, or the block's end. */
  private nextSameRun(index: number): number {
    if (!this.runs) {
      // Every run of the block, each with the start of the next one of its character and length.
      const { text } = this;
      this.runs = new Map();
      const starts: number[] = [];
      for (let at = 0; at < text.length; at++) {
        const code = text.charCodeAt(at);
        if (code !== BACKTICK && code !== DOLLAR) continue;
        let end = at + 1;
        while (end < text.length && text.charCodeAt(end) === code) end++;
        starts.push(at, end - at);
        at = end - 1;
      }
      const next = new Map<string, number>();
      for (let k = starts.length - 2; k >= 0; k -= 2) {
        const at = starts[k]!;
        const key = `${text.charCodeAt(at)}:${starts[k + 1]}`;
        this.runs.set(at, next.get(key) ?? text.length);
        next.set(key, at);
      }
    }
    return this.runs.get(index) ?? this.text.length;
  }

  private endContext(): void {
    this.contextLength = 0;
    this.openers = [];
    this.brackets = [];
  }

  /** A container marker at the reading position (not consumed), or null. */
  private peekMarker(): Marker | null {
    if (this.peekIndent(4) >= 4) return null;
    const saved = this.save();
    this.eatIndent(3);
    const { text } = this;
    const at = this.i;
    const col = this.col;
    this.restore(saved);
    const code = text.charCodeAt(at);
    const spaceAfter = (index: number) => index >= this.lineEnd || isSpaceOrTab(text.charCodeAt(index));
    if (code === GT) return { quote: true, kind: GT, number: 0, end: at + 1, endCol: col + 1 };
    if ((code === DASH || code === STAR || code === PLUS) && spaceAfter(at + 1)) {
      return { quote: false, kind: code, number: 0, end: at + 1, endCol: col + 1 };
    }
    if (code >= 48 && code <= 57) {
      let end = at;
      while (end < this.lineEnd && end - at < 9 && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57)
        end++;
      const delimiter = text.charCodeAt(end);
      if ((delimiter === DOT || delimiter === RIGHT_PAREN) && spaceAfter(end + 1)) {
        const number = end - at === 1 ? code - 48 : Number(text.slice(at, end));
        return { quote: false, kind: delimiter, number, end: end + 1, endCol: col + end + 1 - at };
      }
      return null;
    }
    if (code === OPEN_BRACKET && text.charCodeAt(at + 1) === CARET) {
      let end = at + 2;
      while (end < this.lineEnd && end - at <= LABEL_MAX + 2) {
        const inside = text.charCodeAt(end);
        if (inside === BACKSLASH) end += 2;
        else if (inside === CLOSE_BRACKET || inside === OPEN_BRACKET || isWhitespace(inside)) break;
        else end++;
      }
      if (end > at + 2 && text.charCodeAt(end) === CLOSE_BRACKET && text.charCodeAt(end + 1) === COLON) {
        return { quote: false, kind: FOOTNOTE, number: 0, end: end + 2, endCol: col + end + 2 - at };
      }
    }
    return null;
  }

  /**
   * Whether a marker may start a container while a paragraph is open (CommonMark: a list item may
   * interrupt a paragraph only when not empty, and an ordered one only when it starts at 1).
   */
  private interrupts(marker: Marker): boolean {
    if (marker.quote) return true;
    // Whether a footnote definition interrupts a paragraph is left open: both readings are kept.
    if (marker.kind === FOOTNOTE) return false;
    const saved = this.save();
    this.i = marker.end;
    this.col = marker.endCol;
    const empty = this.restIsBlank();
    this.restore(saved);
    if (empty) return false;
    return (marker.kind !== DOT && marker.kind !== RIGHT_PAREN) || marker.number === 1;
  }

  /** A list item of the same list as the open one the line did not continue: a new item, not lazy text. */
  private isSibling(open: Container | undefined, marker: Marker): boolean {
    return open !== undefined && !open.quote && open.kind === marker.kind;
  }

  private opensFence(): Fence | null {
    const { text } = this;
    const char = text.charCodeAt(this.i);
    if (char !== BACKTICK && char !== TILDE && char !== DOLLAR) return null;
    let end = this.i;
    while (end < this.lineEnd && text.charCodeAt(end) === char) end++;
    const size = end - this.i;
    if (size < (char === DOLLAR ? 2 : 3)) return null;
    // The info string of a backtick fence has no backtick; the meta of a math fence no dollar.
    if (char !== TILDE && text.slice(end, this.lineEnd).includes(String.fromCharCode(char))) return null;
    return { depth: this.stack.length, char, size };
  }

  private closesFence(fence: Fence): boolean {
    if (this.peekIndent(4) >= 4) return false;
    this.eatIndent(3);
    const { text } = this;
    let end = this.i;
    while (end < this.lineEnd && text.charCodeAt(end) === fence.char) end++;
    if (end - this.i < fence.size) return false;
    for (let index = end; index < this.lineEnd; index++) {
      if (!isSpaceOrTab(text.charCodeAt(index))) return false;
    }
    return true;
  }

  private isHeadingHere(): boolean {
    let end = this.i;
    while (end < this.lineEnd && this.text.charCodeAt(end) === HASH) end++;
    return end - this.i <= 6 && (end === this.lineEnd || isSpaceOrTab(this.text.charCodeAt(end)));
  }

  /** The rest of the line is a thematic break (`- - -`, `***`): a leaf, not list items or emphasis. */
  private isThematicBreakFromHere(): boolean {
    const { text } = this;
    let index = this.i;
    while (index < this.lineEnd && isSpaceOrTab(text.charCodeAt(index))) index++;
    const char = text.charCodeAt(index);
    if (char !== DASH && char !== STAR && char !== UNDERSCORE) return false;
    let count = 0;
    for (; index < this.lineEnd; index++) {
      const code = text.charCodeAt(index);
      if (code === char) count++;
      else if (!isSpaceOrTab(code)) return false;
    }
    return count >= 3;
  }

  private isDelimiterRow(): boolean {
    return /^\s{0,3}\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(this.text.slice(this.i, this.lineEnd));
  }

  private restIsBlank(): boolean {
    return this.i > this.lastNonBlank;
  }

  /** Columns of indentation ahead (counting no further than `cap`). */
  private peekIndent(cap: number): number {
    let columns = this.partial;
    let col = this.col + this.partial;
    for (let index = this.i; index < this.lineEnd && columns < cap; index++) {
      const code = this.text.charCodeAt(index);
      if (code === SPACE) {
        columns++;
        col++;
      } else if (code === TAB) {
        const width = 4 - (col % 4);
        columns += width;
        col += width;
      } else break;
    }
    return columns;
  }

  /** Consumes up to `want` columns of indentation; a tab counts to the next multiple of 4. */
  private eatIndent(want: number): void {
    let got = 0;
    while (got < want) {
      if (this.partial > 0) {
        const take = Math.min(this.partial, want - got);
        this.partial -= take;
        this.col += take;
        got += take;
        continue;
      }
      if (this.i >= this.lineEnd) break;
      const code = this.text.charCodeAt(this.i);
      if (code === SPACE) {
        this.i++;
        this.col++;
        got++;
      } else if (code === TAB) {
        this.i++;
        this.partial = 4 - (this.col % 4);
      } else break;
    }
  }

  private save(): [number, number, number] {
    return [this.i, this.col, this.partial];
  }

  private restore([i, col, partial]: [number, number, number]): void {
    this.i = i;
    this.col = col;
    this.partial = partial;
  }
}
