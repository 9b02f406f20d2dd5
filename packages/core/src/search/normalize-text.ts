/**
 * The one text normalisation search uses for titles, messages and queries (SE4-SE7):
 * NFKD, strip diacritics, recompose (NFC), lowercase, fold look-alike punctuation, and collapse
 * every run of whitespace or control characters to one space.
 *
 * Only diacritics are stripped (Latin, Greek and Cyrillic combining marks, Hebrew points, Arabic
 * vowel marks, emoji variation selectors): marks that are part of a letter elsewhere (Indic vowel
 * signs, Thai, kana voicing) are kept, and NFC recomposes them with their base, so Hangul
 * syllables and ガ stay one character and a query never matches half of one.
 */

const STRIPPED_MARKS =
  '\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f' +
  '\\u0591-\\u05bd\\u05bf\\u05c1\\u05c2\\u05c4\\u05c5\\u05c7' +
  '\\u0610-\\u061a\\u064b-\\u065f\\u0670\\u06d6-\\u06dc\\u06df-\\u06e4\\u06e7\\u06e8\\u06ea-\\u06ed' +
  '\\ufe0e\\ufe0f';
/** Invisible characters that only hint at line breaking: soft hyphen, zero-width space, word joiner, BOM. */
const INVISIBLE = '\\u00ad\\u200b\\u2060\\ufeff';

// eslint-disable-next-line no-misleading-character-class -- each mark is matched on its own, to be removed
const STRIP_RE = new RegExp(`[${STRIPPED_MARKS}${INVISIBLE}]`, 'g');
const WHITESPACE = '\\s\\u0000-\\u001f\\u007f-\\u009f';
/**
 * \s covers Unicode spaces (NBSP, ideographic space...); controls count as whitespace too. Only
 * runs and non-space whitespace are replaced: a single ' ' (the common case) is left alone.
 */
const WHITESPACE_TO_COLLAPSE_RE = new RegExp(`[${WHITESPACE}]{2,}|(?! )[${WHITESPACE}]`, 'g');
const WHITESPACE_CHAR_RE = new RegExp(`^[${WHITESPACE}]$`);
// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included
const ASCII_RE = /^[\u0000-\u007f]*$/;
// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included
const NON_ASCII_RUN_RE = /[^\u0000-\u007f]+/g;

const FOLDS: Readonly<Record<string, string>> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u02bc': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u201f': '"',
  '\u2033': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};
const FINAL_SIGMA_RE = /ς/g;
const FOLD_RE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g');
const fold = (char: string): string => FOLDS[char] ?? char;

/** NFKD, strip diacritics, NFC, fold; run only on the non-ASCII stretches of a text. */
function normalizeNonAscii(run: string): string {
  return run.normalize('NFKD').replace(STRIP_RE, '').normalize('NFC').replace(FOLD_RE, fold);
}

/**
 * Normalisation without the whitespace collapse. Every step is a native string operation, so
 * indexing 100 MB stays fast; ASCII text (most messages) is only lowercased, and in mixed text
 * only the non-ASCII stretches go through Unicode normalisation (nothing composes across an
 * ASCII character).
 */
export function normalizeCharacters(text: string): string {
  if (ASCII_RE.test(text)) return text.toLowerCase();
  // Lowercasing picks final sigma from context, so σ folding comes after it.
  return text.replace(NON_ASCII_RUN_RE, normalizeNonAscii).toLowerCase().replace(FINAL_SIGMA_RE, 'σ');
}

/** The searchable form of a title or message text (SE4). */
export function normalizeForSearch(text: string): string {
  return normalizeCharacters(text).replace(WHITESPACE_TO_COLLAPSE_RE, ' ');
}

/** A query in the same form, without leading or trailing space; '' means "no query" (SE1). */
export function normalizeQuery(query: string): string {
  return normalizeForSearch(query).trim();
}

/** Whether one UTF-16 unit of normalised text is collapsed as whitespace. */
export function isSearchWhitespace(unit: string): boolean {
  return WHITESPACE_CHAR_RE.test(unit);
}
