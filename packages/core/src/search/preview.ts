import type { TextRange, SearchPreview } from './search-result';

/** Spec section 2: a preview of about 10 characters before the match and 20 after (SE8). */
export const PREVIEW_CHARS_BEFORE = 10;
export const PREVIEW_CHARS_AFTER = 20;
/** Original text looked at around a match, widened when long emoji sequences fill it (SE9). */
const CONTEXT_UNITS_BEFORE = 4 * PREVIEW_CHARS_BEFORE;
const CONTEXT_UNITS_AFTER = 4 * PREVIEW_CHARS_AFTER;
const MAX_WIDENING = 64;
/** Below U+0300 every UTF-16 unit is a character of its own (no marks, joiners or surrogates). */
// eslint-disable-next-line no-control-regex -- the range starts at U+0000 on purpose
const SIMPLE_TEXT_RE = /^[\u0000-\u02ff]*$/;

interface Cluster {
  readonly start: number;
  readonly end: number;
}

type GraphemeSegmenter = { segment(input: string): Iterable<{ index: number; segment: string }> };

const segmenter: GraphemeSegmenter | null =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;

/**
 * User-perceived characters of text[from, to): grapheme clusters (an emoji with its skin tone or
 * ZWJ family stays whole), or code points where Intl.Segmenter is missing. Never splits a
 * surrogate pair (SE9).
 */
function clustersOf(text: string, from: number, to: number): Cluster[] {
  const slice = text.slice(from, to);
  const clusters: Cluster[] = [];
  if (SIMPLE_TEXT_RE.test(slice)) {
    for (let i = from; i < to; i++) clusters.push({ start: i, end: i + 1 });
    return clusters;
  }
  if (segmenter) {
    for (const { index, segment } of segmenter.segment(slice)) {
      clusters.push({ start: from + index, end: from + index + segment.length });
    }
    return clusters;
  }
  let offset = from;
  for (const codePoint of slice) {
    clusters.push({ start: offset, end: offset + codePoint.length });
    offset += codePoint.length;
  }
  return clusters;
}

/** Widens a range of the original text to whole user-perceived characters. */
export function snapToClusters(text: string, range: TextRange): TextRange {
  const clusters = clustersOf(text, 0, text.length);
  const first = clusters.find((cluster) => cluster.end > range.start);
  const last = clusters.findLast((cluster) => cluster.start < range.end);
  return { start: first?.start ?? range.start, end: last?.end ?? range.end };
}

const collapse = (text: string): string => text.replace(/\s+/g, ' ');
function isBlank(text: string, cluster: Cluster): boolean {
  const code = text.charCodeAt(cluster.start);
  // ASCII (nearly every character) without a regex or a slice.
  if (cluster.end - cluster.start === 1 && code < 0x80)
    return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return /^\s+$/.test(text.slice(cluster.start, cluster.end));
}

/**
 * The cluster index `count` shown characters away from `from` in `direction`, where a run of
 * whitespace counts once (it is shown as one space).
 */
function stepOver(
  text: string,
  clusters: readonly Cluster[],
  from: number,
  direction: 1 | -1,
  count: number,
): number {
  let at = from;
  let taken = 0;
  while (taken < count) {
    const next = at + direction;
    const cluster = clusters[next];
    if (!cluster) break;
    at = next;
    const previous = clusters[next - direction];
    if (!(isBlank(text, cluster) && previous && next - direction !== from && isBlank(text, previous)))
      taken++;
  }
  // Take the rest of a whitespace run too: it collapses into the space already counted.
  while (
    clusters[at + direction] &&
    isBlank(text, clusters[at]!) &&
    isBlank(text, clusters[at + direction]!)
  ) {
    at += direction;
  }
  return at;
}

/**
 * The one-line preview around an original-text match: whole clusters, whitespace collapsed, the
 * highlight given as offsets into the preview text.
 */
export function buildPreview(text: string, match: TextRange): SearchPreview {
  for (let widening = 1; ; widening *= 4) {
    const from = Math.max(0, match.start - CONTEXT_UNITS_BEFORE * widening);
    const to = Math.min(text.length, match.end + CONTEXT_UNITS_AFTER * widening);
    let clusters = clustersOf(text, from, to);
    // The window edges may cut a cluster in two; drop those halves unless the match is in them.
    if (from > 0 && clusters.length > 0 && clusters[0]!.end <= match.start) clusters = clusters.slice(1);
    if (to < text.length && clusters.length > 0 && clusters.at(-1)!.start >= match.end) {
      clusters = clusters.slice(0, -1);
    }
    const firstIndex = clusters.findIndex((cluster) => cluster.end > match.start);
    const lastIndex = clusters.findLastIndex((cluster) => cluster.start < match.end);
    if (firstIndex < 0 || lastIndex < firstIndex) return wholeTextPreview(text);
    const enoughBefore = from === 0 || firstIndex >= PREVIEW_CHARS_BEFORE;
    const enoughAfter = to === text.length || clusters.length - 1 - lastIndex >= PREVIEW_CHARS_AFTER;
    if ((enoughBefore && enoughAfter) || widening >= MAX_WIDENING) {
      return previewFrom(text, clusters, firstIndex, lastIndex);
    }
  }
}

function previewFrom(
  text: string,
  clusters: readonly Cluster[],
  firstIndex: number,
  lastIndex: number,
): SearchPreview {
  const matchStart = clusters[firstIndex]!.start;
  const matchEnd = clusters[lastIndex]!.end;
  const textStart = clusters[stepOver(text, clusters, firstIndex, -1, PREVIEW_CHARS_BEFORE)]!.start;
  const textEnd = clusters[stepOver(text, clusters, lastIndex, 1, PREVIEW_CHARS_AFTER)]!.end;

  const before = collapse(text.slice(textStart, matchStart)).trimStart();
  const matched = collapse(text.slice(matchStart, matchEnd));
  const after = collapse(text.slice(matchEnd, textEnd)).trimEnd();
  return {
    text: before + matched + after,
    highlight: { start: before.length, end: before.length + matched.length },
    clippedStart: textStart > 0,
    clippedEnd: textEnd < text.length,
  };
}

/** When the match cannot be located in the original (exotic normalisation): the start, unhighlighted. */
export function wholeTextPreview(text: string): SearchPreview {
  const clusters = clustersOf(text, 0, Math.min(text.length, CONTEXT_UNITS_AFTER * MAX_WIDENING));
  const limit = PREVIEW_CHARS_BEFORE + PREVIEW_CHARS_AFTER;
  const end = clusters[Math.min(clusters.length, limit) - 1]?.end ?? 0;
  return {
    text: collapse(text.slice(0, end)).trim(),
    highlight: null,
    clippedStart: false,
    clippedEnd: end < text.length,
  };
}
