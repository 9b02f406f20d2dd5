import { describe, expect, it } from 'vitest';
import { assemble } from './stream-helpers';

/** Provider dialects found in recorded traffic after the first set of rules (SPEC.md ST17, ST18). */

const sse = (...payloads: string[]) => payloads.map((p) => `data: ${p}\n\n`).join('');

describe('ST17 reasoning in content parts (Mistral Magistral)', () => {
  it('ST17 thinking parts are reasoning and text parts are text, also in one delta', async () => {
    const body = sse(
      '{"choices":[{"index":0,"delta":{"role":"assistant","content":[{"type":"thinking","thinking":[{"type":"text","text":"Think"}],"closed":true}]}}]}',
      '{"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"ing."}]},{"type":"text","text":"3"}]}}]}',
      '{"choices":[{"index":0,"delta":{"content":"91"},"finish_reason":"stop"}]}',
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.reasoning).toBe('Thinking.');
    expect(s.text).toBe('391');
    expect(s.finish).toBe('stop');
  });

  it('ST17 a thinking part whose thinking is a plain string is reasoning too', async () => {
    const body = sse(
      '{"choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":"plain"}]}}]}',
      '{"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}',
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.reasoning, s.text]).toEqual(['plain', 'ok']);
  });
});

describe('ST18 Gemini tool-use prompt tokens', () => {
  it('ST18 toolUsePromptTokenCount counts as prompt tokens', async () => {
    const body = sse(
      '{"candidates":[{"content":{"parts":[{"text":"28"}],"role":"model"},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":21,"candidatesTokenCount":126,"totalTokenCount":485,"toolUsePromptTokenCount":243,"thoughtsTokenCount":95}}',
    );
    const s = await assemble(body, 'gemini');
    expect(s.usage).toEqual({
      promptTokens: 264,
      completionTokens: 221,
      totalTokens: 485,
      reasoningTokens: 95,
    });
  });
});
