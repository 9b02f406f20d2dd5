import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../src/models/format-bytes';
import { estimateMessagesTokens, estimateTokens } from '../../src/models/tokens';

describe('token estimate', () => {
  it('TK1 the larger of 1.33 × words and length / 4, rounded up', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('hello world')).toBe(3); // 2.66 words vs 2.75 chars → 3
    expect(estimateTokens('a b c d e f')).toBe(8); // 7.98 vs 2.75
    expect(estimateTokens('x'.repeat(100))).toBe(25); // 1.33 vs 25
    expect(estimateTokens('  spaced\n\tout   words ')).toBe(6); // 3.99 vs 5.75
  });

  it('TK1 never below either bound', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const words = text.split(/[ \t\n\r\v\f\u00a0]+/).filter(Boolean).length;
        const estimate = estimateTokens(text);
        expect(estimate).toBeGreaterThanOrEqual(1.33 * words - 1e-9);
        expect(estimate).toBeGreaterThanOrEqual(text.length / 4);
        expect(Number.isInteger(estimate)).toBe(true);
      }),
    );
  });

  it('TK2 messages: the sum over their text parts, function calls and tool calls', () => {
    const messages = [
      { content: 'hello world' },
      { content: [{ type: 'text', text: 'a b c d e f' }, { type: 'image_url' }] },
      { content: null, function_call: { name: 'search', arguments: '{"q":"x"}' } },
      { content: null, tool_calls: [{ name: 'f', arguments: '{}' }] },
    ];
    expect(estimateMessagesTokens(messages)).toBe(
      3 + 8 + estimateTokens('search\n{"q":"x"}') + estimateTokens('f\n{}'),
    );
  });
});

describe('formatting', () => {
  it('TK6 sizes in Bytes, KB, MB, GB, TB', () => {
    expect(
      [0, 500, 1024, 1536, 1048576, 3.5 * 1024 ** 3, 2 * 1024 ** 4, 5 * 1024 ** 5].map((b) => formatBytes(b)),
    ).toEqual(['0 Bytes', '500 Bytes', '1 KB', '1.5 KB', '1 MB', '3.5 GB', '2 TB', '5120 TB']);
    expect(formatBytes(1234567, 1)).toBe('1.2 MB');
  });
});
