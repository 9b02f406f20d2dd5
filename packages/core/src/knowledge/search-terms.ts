/**
 * KB32: how a word is indexed and searched: lower case, and English words too common to tell
 * passages apart left out (they match nearly every passage and only slow the search).
 */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it ' +
    'its me my no not of on or our so than that the their them then there these they this those to was we ' +
    'were what when where which who whom why will with would you your'
  ).split(' '),
);

export function searchTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (lower.length < 2 || STOP_WORDS.has(lower)) return null;
  return lower;
}
