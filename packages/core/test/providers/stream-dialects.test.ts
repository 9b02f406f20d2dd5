import { describe, expect, it } from 'vitest';
import { collectChat } from '../../src/providers/chat-assembly';
import { normaliseJsonBody } from '../../src/providers/stream-normaliser';
import { assemble, bodyFromText, eventsOf } from './stream-helpers';

/** Provider dialects found in recorded traffic after the first set of rules (SPEC.md ST17–ST21). */

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

describe('ST19 Anthropic refusal explanation', () => {
  const named = (...events: unknown[]) =>
    events.map((e) => `event: ${(e as { type: string }).type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
  const refusal = (explanation: string | null) => ({
    type: 'message_delta',
    delta: {
      stop_reason: 'refusal',
      stop_details: { type: 'refusal', category: 'cyber', explanation },
    },
    usage: { output_tokens: 5 },
  });
  const start = { type: 'message_start', message: { usage: { input_tokens: 18, output_tokens: 1 } } };
  const textBlock = (text: string) => [
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
  ];

  it('ST19 a refusal without text shows stop_details.explanation as text, then finishes refusal', async () => {
    const body = named(start, refusal('Blocked under the usage policy.'), { type: 'message_stop' });
    const events = await eventsOf(bodyFromText(body), 'claude');
    expect(events.map((e) => e.type)).toEqual(['text-delta', 'usage', 'finish']);
    const s = await collectChat(events);
    expect([s.text, s.finish, s.error]).toEqual(['Blocked under the usage policy.', 'refusal', null]);
  });

  it('ST19 a refusal after whitespace-only text still shows the explanation', async () => {
    const body = named(start, ...textBlock('\n '), refusal('Why.'), { type: 'message_stop' });
    const s = await assemble(body, 'claude');
    expect([s.text, s.finish]).toEqual(['\n Why.', 'refusal']);
  });

  it('ST19 a refusal after a partial answer keeps the answer alone', async () => {
    const body = named(start, ...textBlock('Sure, here'), refusal('Blocked.'), { type: 'message_stop' });
    const s = await assemble(body, 'claude');
    expect([s.text, s.finish]).toEqual(['Sure, here', 'refusal']);
  });

  it('ST19 a null explanation adds no text', async () => {
    const s = await assemble(named(start, refusal(null), { type: 'message_stop' }), 'claude');
    expect([s.text, s.finish]).toEqual(['', 'refusal']);
  });

  it('ST19 a repeated refusal message_delta shows the explanation once', async () => {
    const body = named(start, refusal('Once.'), refusal('Once.'), { type: 'message_stop' });
    const s = await assemble(body, 'claude');
    expect(s.text).toBe('Once.');
  });

  it('ST19 a whole (non-streaming) refusal response reads its top-level stop_details', async () => {
    const body = JSON.stringify({
      type: 'message',
      content: [],
      stop_reason: 'refusal',
      stop_details: { type: 'refusal', category: null, explanation: 'Not allowed.' },
      usage: { input_tokens: 3, output_tokens: 2 },
    });
    const s = await collectChat(normaliseJsonBody(body, 'claude', 'anthropic'));
    expect([s.text, s.finish, s.usage?.totalTokens]).toEqual(['Not allowed.', 'refusal', 5]);
  });
});

describe('ST20 Groq usage in x_groq', () => {
  const groqChunk = (delta: Record<string, unknown>, finish: string | null, extra: object = {}) =>
    JSON.stringify({
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...extra,
    });

  it('ST20 usage inside x_groq on the last chunk is the usage when no top-level usage came', async () => {
    const body = sse(
      groqChunk({ role: 'assistant', content: '' }, null, { x_groq: { id: 'req_1', seed: 7 } }),
      groqChunk({ content: 'Hi' }, null),
      groqChunk({}, 'stop', {
        x_groq: {
          id: 'req_1',
          usage: {
            queue_time: 0.06,
            prompt_tokens: 18,
            completion_tokens: 439,
            total_tokens: 457,
            total_time: 0.8,
          },
        },
      }),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.finish]).toEqual(['Hi', 'stop']);
    expect(s.usage).toEqual({ promptTokens: 18, completionTokens: 439, totalTokens: 457 });
  });

  it('ST20 a top-level usage in the same chunk wins over x_groq', async () => {
    const body = sse(
      groqChunk({ content: 'Hi' }, 'stop', {
        x_groq: { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      }),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.usage).toEqual({ promptTokens: 10, completionTokens: 5, totalTokens: 15 });
  });
});

describe('ST21 tool-call identity and several choices', () => {
  const call = (fragment: Record<string, unknown>, finish: string | null = null) =>
    JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [fragment] }, finish_reason: finish }] });
  const fn = (name: string | undefined, args: string) => ({ ...(name ? { name } : {}), arguments: args });

  it('ST21 whole calls without index, one per chunk, with different ids are separate calls', async () => {
    const body = sse(
      call({ id: 'a1', function: fn('weather', '{"city":"Paris"}') }),
      call({ id: 'b2', function: fn('weather', '{"city":"Rome"}') }),
      call({ id: 'c3', function: fn('time', '{}') }, 'tool_calls'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments, c.complete])).toEqual([
      [0, 'a1', 'weather', { city: 'Paris' }, true],
      [1, 'b2', 'weather', { city: 'Rome' }, true],
      [2, 'c3', 'time', {}, true],
    ]);
    expect(s.finish).toBe('tool_calls');
  });

  it('ST21 fragments without index that resend the same id, or none, continue the call', async () => {
    const body = sse(
      call({ id: 'a1', function: fn('weather', '{"city":') }),
      call({ id: 'a1', function: fn(undefined, '"Paris"') }),
      call({ function: fn(undefined, '}') }, 'tool_calls'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.arguments])).toEqual([[0, 'a1', { city: 'Paris' }]]);
  });

  it('ST21 parallel calls that all reuse index 0 (Ollama) are told apart by id', async () => {
    const body = sse(
      call({ index: 0, id: 'call_1', type: 'function', function: fn('file_write', '{"path":"a.py",') }),
      call({ index: 0, function: fn(undefined, '"text":"1"}') }),
      call({ index: 0, id: 'call_2', type: 'function', function: fn('file_write', '{"path":') }),
      call({ index: 0, function: fn(undefined, '"b.py","text":"2"}') }, 'tool_calls'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments])).toEqual([
      [0, 'call_1', 'file_write', { path: 'a.py', text: '1' }],
      [1, 'call_2', 'file_write', { path: 'b.py', text: '2' }],
    ]);
  });

  it('ST21 with an index, a new id before the arguments are whole JSON stays the same call', async () => {
    const body = sse(
      call({ index: 0, id: 'x1', function: fn('f', '{"a":') }),
      call({ index: 0, id: 'x2', function: fn(undefined, '1}') }, 'tool_calls'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.arguments])).toEqual([[0, 'x1', { a: 1 }]]);
  });

  it('ST21 only the choice with index 0 is read when a chunk carries several', async () => {
    const body = sse(
      '{"choices":[{"index":1,"delta":{"content":"B-"},"finish_reason":null},{"index":0,"delta":{"content":"A-"},"finish_reason":null}]}',
      '{"choices":[{"index":1,"delta":{"content":"only B"},"finish_reason":"length"}]}',
      '{"choices":[{"delta":{"content":"A"},"finish_reason":null}]}',
      '{"choices":[{"index":1,"delta":{},"finish_reason":"stop"},{"index":0,"delta":{},"finish_reason":"stop"}]}',
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.finish]).toEqual(['A-A', 'stop']);
  });

  it('ST21 a stream whose only choice is numbered 1 is read (servers that count from 1, renumbering proxies)', async () => {
    const body = sse(
      '{"choices":[{"index":1,"delta":{"role":"assistant","content":""},"finish_reason":null}]}',
      '{"choices":[{"index":1,"delta":{"content":"Hello"},"finish_reason":null}]}',
      '{"choices":[{"index":1,"delta":{"content":" there"},"finish_reason":"length"}]}',
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.finish]).toEqual(['Hello there', 'length']);
  });

  it('ST21 with n > 1 sent one choice per chunk, only the first answer choice is read', async () => {
    const body = sse(
      '{"choices":[{"index":0,"delta":{"content":"A"},"finish_reason":null}]}',
      '{"choices":[{"index":1,"delta":{"content":"B"},"finish_reason":null}]}',
      '{"choices":[{"index":0,"delta":{"content":"a"},"finish_reason":"stop"}]}',
      '{"choices":[{"index":1,"delta":{"content":"b"},"finish_reason":"length"}]}',
      '[DONE]',
    );
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.finish]).toEqual(['Aa', 'stop']);
  });
});
