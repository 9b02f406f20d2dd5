import { describe, expect, it } from 'vitest';
import { openAIUsage } from '../../src/providers/openai-usage';
import { assemble } from './stream-helpers';

/** Usage dialects and Anthropic block joins found in recorded traffic (SPEC.md ST23–ST25). */

describe('ST23 usage that leaves reasoning out of completion_tokens', () => {
  it('ST23 xAI: prompt + completion + reasoning = total, so reasoning is added to completion', () => {
    const usage = openAIUsage({
      prompt_tokens: 291,
      completion_tokens: 26,
      total_tokens: 513,
      completion_tokens_details: { reasoning_tokens: 196 },
    });
    expect(usage).toEqual({
      promptTokens: 291,
      completionTokens: 222,
      totalTokens: 513,
      reasoningTokens: 196,
    });
  });

  it('ST23 OpenAI: completion already holds reasoning (prompt + completion = total) and is kept', () => {
    const usage = openAIUsage({
      prompt_tokens: 10,
      completion_tokens: 300,
      total_tokens: 310,
      completion_tokens_details: { reasoning_tokens: 256 },
    });
    expect(usage).toEqual({
      promptTokens: 10,
      completionTokens: 300,
      totalTokens: 310,
      reasoningTokens: 256,
    });
  });

  it('ST23 xAI cost_in_usd_ticks are 1e-10 USD; an OpenRouter cost wins when both are there', () => {
    expect(
      openAIUsage({ prompt_tokens: 1, completion_tokens: 1, cost_in_usd_ticks: 1330500 })?.costUSD,
    ).toBeCloseTo(0.00013305, 12);
    expect(
      openAIUsage({ prompt_tokens: 1, completion_tokens: 1, cost: 0.5, cost_in_usd_ticks: 7 })?.costUSD,
    ).toBe(0.5);
  });

  it('ST23 a usage object without token counts is no usage', () => {
    expect(openAIUsage({ queue_time: 0.1 })).toBeUndefined();
    expect(openAIUsage(null)).toBeUndefined();
  });
});

describe('ST24 Anthropic text blocks around other blocks', () => {
  const named = (...events: Record<string, unknown>[]) =>
    events.map((e) => `event: ${String(e.type)}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const text = (index: number, value: string) => [
    { type: 'content_block_start', index, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index, delta: { type: 'text_delta', text: value } },
    { type: 'content_block_stop', index },
  ];
  const server = (index: number) => [
    {
      type: 'content_block_start',
      index,
      content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: {} },
    },
    {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: '{"query":"x"}' },
    },
    { type: 'content_block_stop', index },
    {
      type: 'content_block_start',
      index: index + 1,
      content_block: { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
    },
    { type: 'content_block_stop', index: index + 1 },
  ];
  const end = [
    { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 9 } },
    { type: 'message_stop' },
  ];

  it('ST24 text before and after a server tool is separated by a blank line', async () => {
    const s = await assemble(
      named(...text(0, "I'll search."), ...server(1), ...text(3, 'Found it.'), ...end),
      'claude',
    );
    expect(s.text).toBe("I'll search.\n\nFound it.");
    expect(s.toolCalls).toEqual([]);
  });

  it('ST24 consecutive text blocks (split by citations) are joined as sent', async () => {
    const s = await assemble(
      named(...text(0, 'Paris is '), ...text(1, 'the capital'), ...text(2, '.'), ...end),
      'claude',
    );
    expect(s.text).toBe('Paris is the capital.');
  });

  it('ST24 no blank line is added where whitespace already separates the blocks', async () => {
    const s = await assemble(
      named(...text(0, 'Searching.\n'), ...server(1), ...text(3, 'Done.'), ...end),
      'claude',
    );
    expect(s.text).toBe('Searching.\nDone.');
  });

  it('ST24 a thinking block before the first text adds nothing', async () => {
    const thinking = [
      { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hm' } },
      { type: 'content_block_stop', index: 0 },
    ];
    const s = await assemble(named(...thinking, ...text(1, 'Answer.'), ...end), 'claude');
    expect([s.reasoning, s.text]).toEqual(['hm', 'Answer.']);
  });
});

describe('ST25 OpenRouter reasoning_details signatures', () => {
  it('ST25 a signature in reasoning_details is the reasoning signature; text is read once', async () => {
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const body =
      chunk({
        reasoning: 'Think',
        reasoning_details: [
          { type: 'reasoning.text', text: 'Think', format: 'anthropic-claude-v1', index: 0 },
        ],
      }) +
      chunk({
        reasoning: null,
        reasoning_details: [{ type: 'reasoning.text', signature: 'SIG', index: 0 }],
      }) +
      chunk({ content: 'ok' }, 'stop') +
      'data: [DONE]\n\n';
    const s = await assemble(body, 'openai', [], 'openrouter');
    expect([s.reasoning, s.reasoningSignature, s.text]).toEqual(['Think', 'SIG', 'ok']);
  });
});
