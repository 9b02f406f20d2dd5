import { randomInt, seededRandom } from './seeded-random';

const LOREM_WORDS = (
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et ' +
  'dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea ' +
  'commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum fugiat nulla pariatur ' +
  'excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum'
).split(' ');

/**
 * A deterministic lorem-like answer of exactly `tokenCount` words (one word = one output token), with
 * sentences and a paragraph break every 30-80 words, so long-answer rendering and scrolling can be tested.
 */
export function longText(tokenCount: number, seed: number): string {
  const random = seededRandom(seed);
  const parts: string[] = [];
  let untilParagraph = randomInt(random, 30, 80);
  let untilSentence = randomInt(random, 6, 14);
  let separator = '';
  let capitalise = true;
  for (let i = 0; i < tokenCount; i++) {
    let word = LOREM_WORDS[randomInt(random, 0, LOREM_WORDS.length - 1)] ?? 'lorem';
    if (capitalise) word = word.charAt(0).toUpperCase() + word.slice(1);
    untilSentence--;
    untilParagraph--;
    const endsParagraph = untilParagraph <= 0;
    capitalise = untilSentence <= 0 || endsParagraph || i === tokenCount - 1;
    if (capitalise) {
      word += '.';
      untilSentence = randomInt(random, 6, 14);
    }
    parts.push(separator + word);
    separator = endsParagraph ? '\n\n' : ' ';
    if (endsParagraph) untilParagraph = randomInt(random, 30, 80);
  }
  return parts.join('');
}

/** A reply exercising the markdown renderer: heading, GFM table, list, inline code, fenced code, display math. */
export const MARKDOWN_SAMPLE = [
  '## Sorting in TypeScript',
  '',
  'Here is a comparison of a few approaches, using `Array.prototype.sort` underneath:',
  '',
  '| Approach | Stable | Complexity |',
  '| --- | :---: | ---: |',
  '| `sort()` | yes | O(n log n) |',
  '| insertion sort | yes | O(n²) |',
  '| quicksort | no | O(n log n) |',
  '',
  'Things to remember:',
  '',
  '- `sort()` sorts **in place** and returns the same array',
  '- without a comparator, values are compared as *strings*',
  '  - so `[10, 9, 1].sort()` gives `[1, 10, 9]`',
  '1. copy first with `[...items]`',
  '2. pass a comparator',
  '',
  '```typescript',
  'export function sortByAge<T extends { age: number }>(people: readonly T[]): T[] {',
  '  return [...people].sort((a, b) => a.age - b.age);',
  '}',
  '```',
  '',
  'The expected number of comparisons of quicksort is:',
  '',
  '$$',
  'C(n) = 2(n + 1)H_n - 4n \\approx 1.39\\, n \\log_2 n',
  '$$',
  '',
  'Inline math such as $O(n \\log n)$ also appears, and a > quote:',
  '',
  '> Premature optimisation is the root of all evil.',
].join('\n');

export const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

export const DEFAULT_REASONING = 'Let me think about this step by step before answering.';
