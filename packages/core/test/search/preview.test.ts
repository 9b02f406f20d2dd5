import { describe, expect, it } from 'vitest';
import { buildPreview, PREVIEW_CHARS_AFTER, PREVIEW_CHARS_BEFORE } from '../../src/search/preview';

const highlighted = (preview: ReturnType<typeof buildPreview>): string =>
  preview.highlight ? preview.text.slice(preview.highlight.start, preview.highlight.end) : '';

function previewOf(text: string, match: string) {
  const start = text.indexOf(match);
  return buildPreview(text, { start, end: start + match.length });
}

describe('search preview', () => {
  it('SE8 shows 10 characters before and 20 after the match', () => {
    const text = `${'a'.repeat(50)}0123456789MATCH01234567890123456789${'b'.repeat(50)}`;
    const preview = previewOf(text, 'MATCH');
    expect(PREVIEW_CHARS_BEFORE).toBe(10);
    expect(PREVIEW_CHARS_AFTER).toBe(20);
    expect(preview.text).toBe('0123456789MATCH01234567890123456789');
    expect(highlighted(preview)).toBe('MATCH');
    expect(preview.highlight).toEqual({ start: 10, end: 15 });
    expect(preview.clippedStart).toBe(true);
    expect(preview.clippedEnd).toBe(true);
  });

  it('SE8 near the edges shows what there is and says nothing was clipped', () => {
    const preview = previewOf('abc MATCH de', 'MATCH');
    expect(preview.text).toBe('abc MATCH de');
    expect(preview.highlight).toEqual({ start: 4, end: 9 });
    expect(preview.clippedStart).toBe(false);
    expect(preview.clippedEnd).toBe(false);
  });

  it('SE8 collapses line breaks and whitespace runs in the preview', () => {
    const preview = previewOf('first line\n\n   MATCH\tnext', 'MATCH');
    // The blank run counts as one of the 10 characters before the match.
    expect(preview.text).toBe('irst line MATCH next');
    expect(highlighted(preview)).toBe('MATCH');
  });

  it('SE9 counts emoji as one character and never splits them', () => {
    const family = '👨‍👩‍👧';
    const thumbs = '👍🏽';
    const text = `${family.repeat(12)}MATCH${thumbs.repeat(25)}`;
    const preview = previewOf(text, 'MATCH');
    expect(preview.text).toBe(`${family.repeat(10)}MATCH${thumbs.repeat(20)}`);
    expect(highlighted(preview)).toBe('MATCH');
    // Every code unit pair is intact: no lone surrogates.
    expect(/\p{Cs}/u.test(preview.text)).toBe(false);
  });

  it('SE9 widens a highlight that would split an emoji to the whole emoji', () => {
    const text = 'say 👍🏽 now';
    const start = text.indexOf('👍');
    // A match on the thumb alone (without its skin tone) highlights the whole cluster.
    const preview = buildPreview(text, { start, end: start + 2 });
    expect(highlighted(preview)).toBe('👍🏽');
  });
});
