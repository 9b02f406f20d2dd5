import { describe, expect, it } from 'vitest';
import { normalizeForSearch, normalizeQuery } from '../../src/search/normalize-text';
import { normalizeWithOffsets } from '../../src/search/offset-map';

describe('search normalisation', () => {
  it('SE4 lowercases and strips diacritics in both directions', () => {
    expect(normalizeForSearch('CAFÉ Café cafe')).toBe('cafe cafe cafe');
    expect(normalizeQuery('  Résumé ')).toBe('resume');
    expect(normalizeForSearch('Ångström naïve Zürich São')).toBe('angstrom naive zurich sao');
    // Decomposed input (e + combining acute) equals precomposed.
    expect(normalizeForSearch('Cafe\u0301')).toBe(normalizeForSearch('Café'));
  });

  it('SE4 folds typographic quotes, dashes and final sigma; drops invisible characters', () => {
    expect(normalizeForSearch('“don’t” — ok')).toBe('"don\'t" - ok');
    expect(normalizeForSearch('ΟΔΟΣ οδος')).toBe('οδοσ οδοσ');
    expect(normalizeForSearch('inter\u00adnational\u200b')).toBe('international');
    expect(normalizeForSearch('❤\ufe0f')).toBe('❤');
  });

  it('SE4 turns every whitespace or control run into one space', () => {
    expect(normalizeForSearch('a  b\n\n\tc\u00a0d\u3000e\u0000f')).toBe('a b c d e f');
    expect(normalizeQuery('\n  hello   world \t')).toBe('hello world');
  });

  it('SE5 keeps letters without a decomposition', () => {
    expect(normalizeForSearch('Øl Łódź Æther Straße')).toBe('øl łodz æther straße');
  });

  it('SE6 keeps kana voicing and whole Hangul syllables', () => {
    expect(normalizeForSearch('ガ')).not.toBe(normalizeForSearch('カ'));
    expect(normalizeForSearch('ガ')).toBe('ガ');
    expect(normalizeForSearch('한국')).toBe('한국');
    // Kana written as base + combining voicing mark composes to the same character.
    expect(normalizeForSearch('カ\u3099')).toBe('ガ');
  });

  it('SE7 maps compatibility forms to their plain form', () => {
    expect(normalizeForSearch('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeForSearch('ﬁle')).toBe('file');
    expect(normalizeForSearch('ｶﾞｷﾞ')).toBe('ガギ');
  });

  it('SE8 the offset map gives the same text and points every unit at its original range', () => {
    const original = 'Ça  VA\nbien, Straße ﬁ 👍🏽 東京';
    const mapped = normalizeWithOffsets(original);
    expect(mapped.text).toBe(normalizeForSearch(original));
    const at = mapped.text.indexOf('fi');
    expect(original.slice(mapped.starts[at]!, mapped.ends[at + 1]!)).toBe('ﬁ');
    const space = mapped.text.indexOf(' ');
    expect(original.slice(mapped.starts[space]!, mapped.ends[space]!)).toBe('  ');
    expect(original.slice(mapped.starts[0]!, mapped.ends[0]!)).toBe('Ç');
  });
});
