import { isSearchWhitespace, normalizeCharacters, normalizeForSearch } from './normalize-text';
import type { TextRange } from './search-result';

/**
 * Normalised text with, for each of its UTF-16 units, the range of the original text it came
 * from, so a match found in normalised text can be highlighted in the original (SE8). Built only
 * for the few messages shown in results; the index itself stores no offsets.
 */
export interface OffsetMappedText {
  readonly text: string;
  /** starts[i]..ends[i]: the original units that produced normalised unit i. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const MARK_RE = /^\p{M}$/u;

/** Code points that normalisation may fold into the one before them: marks and Hangul vowel/final jamo. */
function joinsPrevious(codePoint: number): boolean {
  if (codePoint < 0x300) return false;
  if ((codePoint >= 0x1160 && codePoint <= 0x11ff) || (codePoint >= 0xd7b0 && codePoint <= 0xd7ff))
    return true;
  return MARK_RE.test(String.fromCodePoint(codePoint));
}

function codePointLength(text: string, index: number): number {
  const code = text.charCodeAt(index);
  if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) return 2;
  }
  return 1;
}

/** End of the segment starting at `start`: one code point plus everything that joins it. */
function segmentEnd(text: string, start: number): number {
  let end = start + codePointLength(text, start);
  while (end < text.length) {
    const codePoint = text.codePointAt(end)!;
    if (!joinsPrevious(codePoint)) break;
    end += codePointLength(text, end);
  }
  return end;
}

const segmentCache = new Map<string, string>();
const SEGMENT_CACHE_LIMIT = 20_000;

function normalizeSegment(segment: string): string {
  const code = segment.charCodeAt(0);
  if (segment.length === 1 && code < 0x80) return code >= 65 && code <= 90 ? segment.toLowerCase() : segment;
  let out = segmentCache.get(segment);
  if (out === undefined) {
    out = normalizeCharacters(segment);
    if (segmentCache.size >= SEGMENT_CACHE_LIMIT) segmentCache.clear();
    segmentCache.set(segment, out);
  }
  return out;
}

/**
 * Same result as normalizeForSearch for all but exotic input (normalisation that crosses a
 * segment boundary); callers locate the match in `text` itself, so they stay consistent anyway.
 */
export function normalizeWithOffsets(original: string): OffsetMappedText {
  const units: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let lastWasSpace = false;
  let start = 0;
  while (start < original.length) {
    const end = segmentEnd(original, start);
    const out = normalizeSegment(original.slice(start, end));
    for (let k = 0; k < out.length; k++) {
      const unit = out[k]!;
      if (isSearchWhitespace(unit)) {
        if (lastWasSpace) {
          ends[ends.length - 1] = end;
          continue;
        }
        units.push(' ');
        lastWasSpace = true;
      } else {
        units.push(unit);
        lastWasSpace = false;
      }
      starts.push(start);
      ends.push(end);
    }
    // Dropped characters (invisible ones) belong to the unit before them.
    if (out.length === 0 && ends.length > 0) ends[ends.length - 1] = end;
    start = end;
  }
  return { text: units.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) };
}

/** The original range of the first occurrence of `query` (normalised), or null. */
export function findOriginalRange(mapped: OffsetMappedText, query: string): TextRange | null {
  const at = mapped.text.indexOf(query);
  if (at < 0 || query.length === 0) return null;
  return { start: mapped.starts[at]!, end: mapped.ends[at + query.length - 1]! };
}

/**
 * The original range that produced normalizeForSearch(original)[from, to), found by walking the
 * text without building anything (ASCII costs a comparison per character), so a preview deep in a
 * long message stays cheap. Null if the walk does not reach `to`.
 */
function walkToRange(original: string, from: number, to: number): TextRange | null {
  let produced = 0;
  let lastWasSpace = false;
  let start = -1;
  let i = 0;
  while (i < original.length) {
    const code = original.charCodeAt(i);
    let end: number;
    if (code < 0x80 && (i + 1 === original.length || original.charCodeAt(i + 1) < 0x300)) {
      end = i + 1;
      const space = code <= 0x20 || code === 0x7f;
      if (!(space && lastWasSpace)) {
        if (produced === from) start = i;
        produced += 1;
      }
      lastWasSpace = space;
    } else {
      end = segmentEnd(original, i);
      const out = normalizeSegment(original.slice(i, end));
      for (let k = 0; k < out.length; k++) {
        const space = isSearchWhitespace(out[k]!);
        if (space && lastWasSpace) continue;
        if (produced === from) start = i;
        produced += 1;
        lastWasSpace = space;
      }
    }
    i = end;
    if (produced >= to && start >= 0) {
      // Characters that normalise to nothing (soft hyphen...) belong to the unit before them.
      while (i < original.length && original.charCodeAt(i) >= 0x80) {
        const next = segmentEnd(original, i);
        if (normalizeSegment(original.slice(i, next)) !== '') break;
        i = next;
      }
      return { start, end: i };
    }
  }
  return null;
}

/**
 * Where normalised text [from, to) lies in the original, checked: the original slice must itself
 * contain `query`. Exotic input where segment-wise and whole-text normalisation differ falls back
 * to the full offset map.
 */
export function locateMatch(original: string, from: number, query: string): TextRange | null {
  const range = walkToRange(original, from, from + query.length);
  if (range && normalizeForSearch(original.slice(range.start, range.end)).includes(query)) return range;
  return findOriginalRange(normalizeWithOffsets(original), query);
}
