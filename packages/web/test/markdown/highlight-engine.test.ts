import { describe, expect, it } from 'vitest';
import { answer } from '../../src/features/markdown/highlight-engine';
import { highlightCode } from '../../src/features/markdown/highlighter';

describe('the highlighting worker', () => {
  it('answers a request with its id and tokens coloured for both themes', async () => {
    const response = await answer({ id: 7, code: 'const x: number = 1;', language: 'typescript' });
    expect(response.id).toBe(7);
    expect(response.error).toBeUndefined();
    const tokens = response.tokens!.flat();
    expect(tokens.map((token) => token.content).join('')).toBe('const x: number = 1;');
    const keyword = tokens.find((token) => token.content.trim() === 'const')!;
    expect(keyword.htmlStyle?.color).toMatch(/^#/);
    expect(keyword.htmlStyle?.['--shiki-dark']).toMatch(/^#/);
  });

  it('answers undefined for a language it does not highlight', async () => {
    expect((await answer({ id: 1, code: 'x', language: 'cobol' })).tokens).toBeUndefined();
  });

  it('highlights on the page where no worker can start (as in this test environment)', async () => {
    expect(typeof Worker).toBe('undefined');
    const tokens = await highlightCode('print("hi")', 'python');
    expect(
      tokens
        ?.flat()
        .map((token) => token.content)
        .join(''),
    ).toBe('print("hi")');
  });
});
