import { describe, expect, it } from 'vitest';
import { speechTextFromMarkdown } from '../../src/features/speech/speech-text';

describe('speechTextFromMarkdown', () => {
  it('reads the words, not the markdown', () => {
    const markdown = [
      '## Results',
      '',
      'Here is **bold**, _italic_, ~~old~~ and `code`.',
      '- first [link](https://example.org)',
      '2. second ![a cat](cat.png)',
      '> quoted',
      '',
      '```ts',
      'const x = 1;',
      '```',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '---',
      'Math $x^2$ <b>done</b>',
    ].join('\n');
    expect(speechTextFromMarkdown(markdown)).toBe(
      [
        'Results',
        '',
        'Here is bold, italic, old and code.',
        'first link',
        'second a cat',
        'quoted',
        '',
        'const x = 1;',
        'a, b',
        '1, 2',
        'Math x^2 done',
      ].join('\n'),
    );
  });

  it('leaves plain text and snake_case words alone', () => {
    expect(speechTextFromMarkdown('Use my_var_name and 2 * 3 * 4.')).toBe('Use my_var_name and 2 * 3 * 4.');
  });
});
