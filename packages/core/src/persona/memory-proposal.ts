import { filterByWords } from '../search';
/**
 * "Remember this?" (MP*, persona/SPEC.md): a plain heuristic that finds a sentence in which the
 * user states a fact about themselves. It only proposes; the user decides what is kept.
 */

const MIN_LENGTH = 6;
const MAX_LENGTH = 200;

/** Openings of a statement about oneself (MP1). */
const FACT_OPENINGS = [
  /^i\s+am\s+(?:a|an|the)?\s*\S/i,
  /^i['’]m\s+\S/i,
  /^i\s+(?:live|work|study|prefer|like|love|enjoy|hate|dislike|speak|own|use|have|teach|grew\s+up)\b\s*\S/i,
  /^i\s+(?:don['’]t|do\s+not)\s+(?:like|eat|drink|use|speak)\b\s*\S/i,
  /^my\s+[\p{L}\p{N}'’ -]{1,40}?\s+(?:is|are|was)\s+\S/iu,
  /^call\s+me\s+\S/i,
];

/** Passing states and requests that read like facts but are not (MP2). */
const NOT_FACTS =
  /^(?:i\s+am|i['’]m)\s+(?:not\s+sure|wondering|trying|looking|asking|going|curious|thinking|confused|stuck|getting|having|working\s+on|writing|here|back|sorry|done|ready|just)\b/i;

/** Words that may precede the statement and are dropped (MP1). */
const LEAD_IN = /^(?:also|and|btw|by\s+the\s+way|oh|well|so|fyi|actually|hi|hello)[,:]?\s+/i;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

/**
 * MP1-MP3: the first sentence of `text` stating a fact about the user, as written (lead-in
 * dropped, first letter upper-case), or undefined. Questions and code blocks are never facts.
 */
export function proposeMemoryFact(text: string): string | undefined {
  if (text.includes('```')) return undefined;
  for (const raw of sentencesOf(text)) {
    const sentence = raw.replace(LEAD_IN, '').trim();
    if (sentence.endsWith('?')) continue;
    if (sentence.length < MIN_LENGTH || sentence.length > MAX_LENGTH) continue;
    if (NOT_FACTS.test(sentence)) continue;
    if (!FACT_OPENINGS.some((opening) => opening.test(sentence))) continue;
    return sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  return undefined;
}

/** MP4: whether a fact is already kept (same words, ignoring case, spaces and end punctuation). */
export function isKnownFact(fact: string, entries: readonly { content: string }[]): boolean {
  const key = factKey(fact);
  return entries.some((entry) => factKey(entry.content) === key);
}

function factKey(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/[.!\s]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** MP5: entries whose text holds every word of the query (case-insensitive); a blank query keeps all. */
export function searchMemory<T extends { content: string }>(entries: readonly T[], query: string): T[] {
  return filterByWords(entries, query, (entry) => entry.content);
}
