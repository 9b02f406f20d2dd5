import { describe, expect, it } from 'vitest';
import { previewText } from '../../src/features/sidebar/preview-text';

describe('previewText', () => {
  it('shows a markdown answer as plain words', () => {
    expect(previewText('## Sorting in TypeScript\nHere is a **comparison** of')).toBe(
      'Sorting in TypeScript Here is a comparison of',
    );
    expect(previewText('> quoted\n- item one\n1. first `code` and [a link](https://x.y)')).toBe(
      'quoted item one first code and a link',
    );
    expect(previewText('an *emphasised* word and _another_')).toBe('an emphasised word and another');
  });

  it('leaves ordinary text, maths and snake_case alone', () => {
    expect(previewText('Subject: Interview follow-up Dear Ms. Lee')).toBe(
      'Subject: Interview follow-up Dear Ms. Lee',
    );
    expect(previewText('2 * 3 = 6 and file_name_here')).toBe('2 * 3 = 6 and file_name_here');
  });

  it('keeps the text of a link cut off by the 50-character limit', () => {
    expect(previewText('see [the docs](https://exa')).toBe('see the docs');
  });
});
