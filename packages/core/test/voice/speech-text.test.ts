import { describe, expect, it } from 'vitest';
import { speechChunks, speechTextFromMarkdown, splitSentences } from '../../src/voice';

describe('speechTextFromMarkdown', () => {
  it('reads the words, not the markdown', () => {
    const markdown = [
      '## Results',
      '',
      'Here is **bold**, _italic_, ~~old~~ and `code`.',
      '- first [link](https://example.org)',
      '2. second ![a cat](cat.png)',
      '> quoted',
      '---',
      'Math $x^2$ <b>done</b>',
    ].join('\n');
    expect(speechTextFromMarkdown(markdown)).toBe(
      [
        'Results.',
        '',
        'Here is bold, italic, old and code.',
        'first link.',
        'second a cat.',
        'quoted',
        'Math x^2 done',
      ].join('\n'),
    );
  });

  it('announces a code block instead of reading it, whatever its fence', () => {
    const markdown = [
      'Run this:',
      '```ts',
      'const x = { a: 1 };',
      '```',
      'Then ~~~ this:',
      '~~~',
      'rm -rf /',
      '~~~',
      'Done.',
    ].join('\n');
    expect(speechTextFromMarkdown(markdown)).toBe(
      ['Run this:', 'Code block.', 'Then ~~~ this:', 'Code block.', 'Done.'].join('\n'),
    );
    expect(speechTextFromMarkdown('```\nnever closed\nstill code')).toBe('Code block.');
  });

  it('reads a bare URL by its host and a link by its text', () => {
    expect(
      speechTextFromMarkdown(
        'See https://www.example.org/a/b?c=1 and <https://docs.rs/x>, or [the guide](https://x.y/z).',
      ),
    ).toBe('See example.org and docs.rs, or the guide.');
  });

  it('reads a table row as header: value pairs', () => {
    const table = ['| Name | Price |', '|---|:---:|', '| Tea | 3 |', '| Cake | 5 |'].join('\n');
    expect(speechTextFromMarkdown(table)).toBe(
      ['Name, Price.', 'Name: Tea, Price: 3.', 'Name: Cake, Price: 5.'].join('\n'),
    );
  });
});

describe('speechChunks', () => {
  it('keeps decimals and domains inside their sentence', () => {
    expect(splitSentences('It costs 3.5 dollars at example.com. Really? Yes!\nNew line')).toEqual([
      'It costs 3.5 dollars at example.com.',
      'Really?',
      'Yes!',
      'New line',
    ]);
  });

  it('makes the first chunk one short sentence and packs the rest', () => {
    const text = 'First one. Second sentence here. Third sentence here. Fourth.';
    expect(speechChunks(text, { firstChars: 40, maxChars: 45 })).toEqual([
      'First one.',
      'Second sentence here. Third sentence here.',
      'Fourth.',
    ]);
  });

  it('cuts a long first sentence at a word boundary, and an over-long later one too', () => {
    const long = `${'word '.repeat(60).trim()}.`;
    const chunks = speechChunks(`${long} Short.`, { firstChars: 50, maxChars: 100 });
    expect(chunks[0]!.length).toBeLessThanOrEqual(50);
    expect(chunks.every((chunk) => chunk.length <= 100)).toBe(true);
    expect(chunks.join(' ')).toBe(`${long} Short.`);
    expect(chunks.every((chunk) => !chunk.startsWith(' ') && !/\bwor$/.test(chunk))).toBe(true);
  });

  it('gives nothing for nothing', () => {
    expect(speechChunks('  \n ')).toEqual([]);
  });
});
