import { describe, expect, it } from 'vitest';
import { collectChat } from '../../src/providers/chat-assembly';
import { recordedResponse } from './fixture-streams';
import { assemble, bodyFrom, bodyFromText, eventsOf, summary } from './stream-helpers';

/** The 16 behaviours of fixtures/provider-streams/README.md, one or more named tests each (SPEC.md ST*). */

const sse = (...payloads: unknown[]): string =>
  payloads.map((p) => `data: ${typeof p === 'string' ? p : JSON.stringify(p)}\n\n`).join('');
const named = (...events: [string, unknown][]): string =>
  events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const gemini = (parts: unknown[], extra: Record<string, unknown> = {}, usage?: Record<string, number>) => ({
  candidates: [{ content: { role: 'model', parts }, ...extra }],
  ...(usage ? { usageMetadata: usage } : {}),
});
const everyOffset = (text: string) =>
  Array.from({ length: new TextEncoder().encode(text).length }, (_, i) => i);

const anthropicText = (text: string) =>
  named(
    ['message_start', { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } }],
    [
      'content_block_start',
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    [
      'message_delta',
      { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 3 } },
    ],
  );

describe('ST1 CRLF line endings', () => {
  it('ST1 a CR LF pair split across reads is one line ending', async () => {
    const response = recordedResponse('gemini/pydantic-text-stream-crlf.sse.txt#0');
    const text = new TextDecoder().decode(response.body);
    const crlfSplits = [...text.matchAll(/\r\n/g)].map((m) => (m.index ?? 0) + 1);
    const whole = await collectChat(await eventsOf(bodyFrom(response.body), 'gemini'));
    const split = await collectChat(await eventsOf(bodyFrom(response.body, crlfSplits), 'gemini'));
    expect(split.text).toBe('The capital of France is Paris.\n');
    expect(summary(split)).toEqual(summary(whole));
  });

  it('ST1 bare CR line endings frame events too', async () => {
    const body = sse(chunk({ content: 'a' }), chunk({ content: 'b' }, 'stop'), '[DONE]').replace(/\n/g, '\r');
    expect((await assemble(body, 'openai')).text).toBe('ab');
  });
});

describe('ST2 end of stream', () => {
  it('ST2 [DONE] ends an OpenAI stream; a finish reason is inferred when none came', async () => {
    const s = await assemble(
      sse(chunk({ content: 'hi' }), '[DONE]', chunk({ content: 'ignored' })),
      'openai',
    );
    expect(s.text).toBe('hi');
    expect(s.finish).toBe('stop');
  });

  it('ST2 Anthropic ends with message_stop and needs no [DONE]', async () => {
    const s = await assemble(
      anthropicText('Hello') + named(['message_stop', { type: 'message_stop' }]),
      'claude',
    );
    expect([s.text, s.finish, s.error]).toEqual(['Hello', 'stop', null]);
  });

  it('ST2 Gemini just closes after a finishReason', async () => {
    const s = await assemble(
      sse(gemini([{ text: 'Hi' }]), gemini([{ text: '!' }], { finishReason: 'STOP' })),
      'gemini',
    );
    expect([s.text, s.finish, s.error]).toEqual(['Hi!', 'stop', null]);
  });

  it('ST2 an OpenAI stream cut before finish_reason and [DONE] is stream_interrupted after the partial text', async () => {
    const events = await eventsOf(bodyFromText(sse(chunk({ content: 'partial' }))), 'openai');
    expect(events.map((e) => e.type)).toEqual(['text-delta', 'error']);
    const s = await collectChat(events);
    expect([s.text, s.error?.code, s.finish]).toEqual(['partial', 'stream_interrupted', null]);
  });

  it('ST2 an Anthropic stream cut mid-message is stream_interrupted', async () => {
    const cut = anthropicText('Hel').split('event: message_delta')[0] ?? '';
    const s = await assemble(cut, 'claude');
    expect([s.text, s.error?.code]).toEqual(['Hel', 'stream_interrupted']);
  });

  it('ST2 a Gemini stream that closes without a finishReason is stream_interrupted', async () => {
    const s = await assemble(sse(gemini([{ text: 'Par' }])), 'gemini');
    expect([s.text, s.error?.code]).toEqual(['Par', 'stream_interrupted']);
  });

  it('ST2 a stream cut inside a JSON payload keeps the text before it', async () => {
    const body = sse(chunk({ content: 'kept' })) + 'data: {"choices":[{"delta":{"content":"lo';
    const s = await assemble(body, 'openai');
    expect([s.text, s.error?.code]).toEqual(['kept', 'stream_interrupted']);
  });

  it('ST2 OpenAI tool calls open when the stream is cut are not completed', async () => {
    const body = sse(
      chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'f', arguments: '{"a"' } }] }),
    );
    const s = await assemble(body, 'openai');
    expect(s.toolCalls).toEqual([
      expect.objectContaining({ id: 'c1', complete: false, rawArguments: '{"a"' }),
    ]);
    expect(s.error?.code).toBe('stream_interrupted');
  });
});

describe('ST3 empty choices', () => {
  it('ST3 Azure first chunk and the include_usage chunk have no choices', async () => {
    const body = sse(
      { choices: [], prompt_filter_results: [{ prompt_index: 0 }] },
      chunk({ role: 'assistant', content: 'ok' }, 'stop'),
      { choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
      '[DONE]',
    );
    const s = await assemble(body, 'openai');
    expect([s.text, s.finish]).toEqual(['ok', 'stop']);
    expect(s.usage).toEqual({ promptTokens: 3, completionTokens: 1, totalTokens: 4 });
  });
});

describe('ST4 role-only first delta', () => {
  it('ST4 content "", null or absent next to the role emits no text', async () => {
    for (const first of [
      { role: 'assistant', content: '' },
      { role: 'assistant', content: null },
      { role: 'assistant' },
    ]) {
      const events = await eventsOf(
        bodyFromText(sse(chunk(first), chunk({ content: 'x' }, 'stop'), '[DONE]')),
        'openai',
      );
      expect(events.filter((e) => e.type === 'text-delta')).toEqual([{ type: 'text-delta', text: 'x' }]);
    }
  });

  it('ST4 the role repeated in every delta changes nothing', async () => {
    const body = sse(
      chunk({ role: 'assistant', content: 'a' }),
      chunk({ role: 'assistant', content: 'b' }, 'stop'),
    );
    expect((await assemble(body, 'openai')).text).toBe('ab');
  });
});

describe('ST5 tool calls', () => {
  it('ST5 parallel calls told apart by index, which may start at 1', async () => {
    const body = sse(
      chunk({
        tool_calls: [{ index: 1, id: 'a', type: 'function', function: { name: 'one', arguments: '' } }],
      }),
      chunk({
        tool_calls: [{ index: 2, id: 'b', type: 'function', function: { name: 'two', arguments: '{"x"' } }],
      }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '{"q":"\\u00e9' } }] }),
      chunk({ tool_calls: [{ index: 2, function: { arguments: ':1}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '"}' } }] }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai');
    expect(s.toolCalls.map((c) => [c.index, c.id, c.name, c.arguments])).toEqual([
      [1, 'a', 'one', { q: 'é' }],
      [2, 'b', 'two', { x: 1 }],
    ]);
  });

  it('ST5 a resent empty name never overwrites the name', async () => {
    const body = sse(
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'lookup', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, id: '', function: { name: '', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
    );
    const s = await assemble(body, 'openai');
    expect(s.toolCalls.map((c) => [c.id, c.name])).toEqual([['c', 'lookup']]);
  });

  it('ST5 a whole call in one chunk', async () => {
    const body = sse(
      chunk(
        { tool_calls: [{ index: 0, id: 'w', function: { name: 'f', arguments: '{"k":[1,2]}' } }] },
        'tool_calls',
      ),
    );
    const s = await assemble(body, 'openai');
    expect(s.toolCalls[0]).toMatchObject({ id: 'w', name: 'f', arguments: { k: [1, 2] }, complete: true });
  });

  it('ST5 an Anthropic tool without arguments becomes {}', async () => {
    const body = named(
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'tool_use', id: 't', name: 'now', input: {} },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '' } },
      ],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    );
    const s = await assemble(body, 'claude');
    expect(s.toolCalls).toEqual([
      expect.objectContaining({ id: 't', name: 'now', arguments: {}, parseError: false }),
    ]);
    expect(s.finish).toBe('tool_calls');
  });

  it('ST5 a stream cut at max_tokens leaves incomplete tool JSON flagged, raw text kept', async () => {
    const body = sse(
      chunk({
        tool_calls: [{ index: 0, id: 'm', function: { name: 'write', arguments: '{"text":"unfini' } }],
      }),
      chunk({}, 'length'),
      '[DONE]',
    );
    const s = await assemble(body, 'openai');
    expect(s.toolCalls[0]).toMatchObject({
      rawArguments: '{"text":"unfini',
      arguments: {},
      parseError: true,
      complete: true,
    });
    expect(s.finish).toBe('length');
  });

  it('ST5 Gemini function calls come whole, get ids by order, and end as tool_calls', async () => {
    const body = sse(
      gemini([{ functionCall: { name: 'a', args: { n: 1 } } }, { functionCall: { name: 'b', args: {} } }], {
        finishReason: 'STOP',
      }),
    );
    const s = await assemble(body, 'gemini');
    expect(s.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ['gemini-call-0', 'a', { n: 1 }],
      ['gemini-call-1', 'b', {}],
    ]);
    expect(s.finish).toBe('tool_calls');
  });
});

describe('ST6 reasoning fields', () => {
  it('ST6 reasoning_content (DeepSeek, vLLM)', async () => {
    const s = await assemble(
      sse(chunk({ reasoning_content: 'think' }), chunk({ content: 'say' }, 'stop')),
      'openai',
    );
    expect([s.reasoning, s.text]).toEqual(['think', 'say']);
  });

  it('ST6 OpenRouter reasoning next to reasoning_details is counted once', async () => {
    const details = [{ type: 'reasoning.text', text: 'dup' }];
    const s = await assemble(
      sse(chunk({ reasoning: 'dup', reasoning_details: details }, 'stop')),
      'openai',
      [],
      'openrouter',
    );
    expect(s.reasoning).toBe('dup');
  });

  it('ST6 reasoning_details alone (text and summary entries)', async () => {
    const details = [
      { type: 'reasoning.summary', summary: 'S.' },
      { type: 'reasoning.text', text: 'T.' },
      { type: 'reasoning.encrypted', data: 'xxx' },
    ];
    const s = await assemble(sse(chunk({ reasoning_details: details }, 'stop')), 'openai');
    expect(s.reasoning).toBe('S.T.');
  });

  it('ST6 Anthropic thinking_delta, signature_delta and redacted_thinking', async () => {
    const body = named(
      [
        'content_block_start',
        {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'Let me see.' } },
      ],
      [
        'content_block_delta',
        { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'SIG' } },
      ],
      [
        'content_block_start',
        { type: 'content_block_start', index: 1, content_block: { type: 'redacted_thinking', data: 'ENC' } },
      ],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 2 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    );
    const s = await assemble(body, 'claude');
    expect([s.reasoning, s.reasoningSignature, s.redactedReasoning, s.text]).toEqual([
      'Let me see.',
      'SIG',
      ['ENC'],
      '',
    ]);
  });

  it('ST6 Gemini parts flagged thought: true are reasoning', async () => {
    const s = await assemble(
      sse(gemini([{ text: 'hmm', thought: true }, { text: 'answer' }], { finishReason: 'STOP' })),
      'gemini',
    );
    expect([s.reasoning, s.text]).toEqual(['hmm', 'answer']);
  });
});

describe('ST7 comments and pings', () => {
  it('ST7 OpenRouter processing comments before the first data are ignored', async () => {
    const body = ': OPENROUTER PROCESSING\n\n'.repeat(5) + sse(chunk({ content: 'x' }, 'stop'), '[DONE]');
    expect((await assemble(body, 'openai', [], 'openrouter')).text).toBe('x');
  });

  it('ST7 Anthropic ping events anywhere are ignored', async () => {
    const ping = named(['ping', { type: 'ping' }]);
    const body =
      ping +
      anthropicText('a').replace(/event: content_block_stop/, `${ping}event: content_block_stop`) +
      ping;
    const s = await assemble(body + named(['message_stop', { type: 'message_stop' }]), 'claude');
    expect([s.text, s.finish]).toEqual(['a', 'stop']);
  });
});

describe('ST8 padded and pretty JSON', () => {
  it('ST8 Anthropic pads JSON with spaces; OpenAI adds padding fields', async () => {
    const anthropic =
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"p"}}          \n\n';
    expect((await assemble(anthropic, 'claude')).text).toBe('p');
    const openai = sse({ ...chunk({ content: 'q' }, 'stop'), obfuscation: 'Xy12', service_tier: 'default' });
    expect((await assemble(openai, 'openai')).text).toBe('q');
  });

  it('ST8 Gemini pretty-printed JSON over several data lines', async () => {
    const pretty = JSON.stringify(gemini([{ text: 'pretty' }], { finishReason: 'STOP' }), null, 2);
    const body =
      pretty
        .split('\n')
        .map((line) => `data: ${line}\r\n`)
        .join('') + '\r\n';
    expect((await assemble(body, 'gemini')).text).toBe('pretty');
  });
});

describe('ST9 errors in the middle of a 200 stream', () => {
  it('ST9 Anthropic event: error (overloaded) after partial text', async () => {
    const body =
      anthropicText('partial').split('event: message_delta')[0] +
      'event: error\ndata: {"type":"error","error":{"details":null,"type":"overloaded_error","message":"Overloaded"} }\n\n';
    const s = await assemble(body, 'claude');
    expect([s.text, s.error?.code, s.error?.providerMessage]).toEqual([
      'partial',
      'overloaded',
      'Overloaded',
    ]);
  });

  it('ST9 Groq event: error with {"error":…}', async () => {
    const body =
      sse(chunk({ content: 'a' })) +
      'event: error\ndata: {"error":{"message":"Rate limit reached","type":"tokens","code":"rate_limit_exceeded"}}\n\n';
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.error?.code]).toEqual(['a', 'rate_limited']);
  });

  it('ST9 OpenRouter error inside a normal chunk, then [DONE]', async () => {
    const s = await assemble(
      sse(
        chunk({ content: 'a' }),
        { error: { code: 502, message: 'Upstream error' }, choices: [] },
        '[DONE]',
      ),
      'openai',
      [],
      'openrouter',
    );
    expect([s.text, s.error?.code, s.error?.status, s.finish]).toEqual(['a', 'server_error', 502, null]);
  });

  it('ST9 llama.cpp data: {"error":…} then end of stream without a blank line', async () => {
    const body =
      sse(chunk({ content: 'a' })) +
      'data: {"error":{"code":500,"message":"context shift disabled","type":"server_error"}}';
    const s = await assemble(body, 'openai', [], 'custom');
    expect([s.text, s.error?.code, s.error?.providerMessage]).toEqual([
      'a',
      'server_error',
      'context shift disabled',
    ]);
  });

  it('ST9 Gemini error object in a chunk', async () => {
    const body = sse(gemini([{ text: 'a' }]), {
      error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' },
    });
    const s = await assemble(body, 'gemini');
    expect([s.text, s.error?.code]).toEqual(['a', 'overloaded']);
  });

  it('ST9 no event follows the error', async () => {
    const body = sse(
      { error: { message: 'boom', type: 'server_error' } },
      chunk({ content: 'late' }, 'stop'),
      '[DONE]',
    );
    const events = await eventsOf(bodyFromText(body), 'openai');
    expect(events.map((e) => e.type)).toEqual(['error']);
  });
});

describe('ST10 bodies that are not SSE', () => {
  it('ST10 a pretty-printed JSON error sent as text/event-stream in a 200 body', async () => {
    const body =
      JSON.stringify(
        { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
        null,
        2,
      ) + '\n';
    const s = await assemble(body, 'gemini');
    expect(s.error?.code).toBe('rate_limited');
  });

  it('ST10 an error wrapped in an array', async () => {
    const body = JSON.stringify([
      {
        error: {
          code: 400,
          message: 'API key not valid. Please pass a valid API key.',
          status: 'INVALID_ARGUMENT',
        },
      },
    ]);
    expect((await assemble(body, 'gemini')).error?.code).toBe('invalid_api_key');
    const inSse = sse([{ error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }]);
    expect((await assemble(inSse, 'openai')).error?.code).toBe('invalid_api_key');
  });

  it('ST10 Gemini without alt=sse: one JSON array of chunks', async () => {
    const body = JSON.stringify(
      [gemini([{ text: 'one ' }]), gemini([{ text: 'two' }], { finishReason: 'STOP' })],
      null,
      2,
    );
    const s = await assemble(
      body,
      'gemini',
      everyOffset(body).filter((i) => i % 7 === 0),
    );
    expect([s.text, s.finish]).toEqual(['one two', 'stop']);
  });
});

describe('ST11 read boundaries', () => {
  it('ST11 several events in one read and one event across reads assemble the same', async () => {
    const body = sse(
      chunk({ content: 'a' }),
      chunk({ content: 'b' }),
      chunk({ content: 'c' }, 'stop'),
      '[DONE]',
    );
    const oneRead = await assemble(body, 'openai');
    const byteReads = await assemble(body, 'openai', everyOffset(body));
    expect(summary(byteReads)).toEqual(summary(oneRead));
    expect(oneRead.text).toBe('abc');
  });
});

describe('ST0 deltas of one read', () => {
  it('ST0 text deltas that arrive in one read are merged into one event', async () => {
    const body = sse(
      chunk({ content: 'a' }),
      chunk({ content: 'b' }),
      chunk({ content: 'c' }, 'stop'),
      '[DONE]',
    );
    const merged = await eventsOf(bodyFromText(body), 'openai');
    expect(merged).toEqual([
      { type: 'text-delta', text: 'abc' },
      { type: 'finish', reason: 'stop' },
    ]);
    const separate = await eventsOf(bodyFromText(body, everyOffset(body)), 'openai');
    expect(separate.filter((e) => e.type === 'text-delta')).toHaveLength(3);
  });
});

describe('ST12 multi-byte UTF-8', () => {
  it('ST12 characters split across reads are decoded once whole', async () => {
    const text = 'héllo 👋 世界 ñ';
    const body = sse(chunk({ content: text }), chunk({ content: '✓' }, 'stop'), '[DONE]');
    for (const cut of everyOffset(body)) {
      expect((await assemble(body, 'openai', [cut])).text).toBe(`${text}✓`);
    }
    expect((await assemble(body, 'openai', everyOffset(body))).text).toBe(`${text}✓`);
  });
});

describe('ST13 data lines', () => {
  it('ST13 several data lines of one event are joined with a newline', async () => {
    const body =
      'data: {"choices":[{"index":0,\ndata: "delta":{"content":"joined"},"finish_reason":"stop"}]}\n\n';
    expect((await assemble(body, 'openai')).text).toBe('joined');
  });

  it('ST13 data:{ with no space after the colon', async () => {
    const body = `data:${JSON.stringify(chunk({ content: 'tight' }, 'stop'))}\n\ndata:[DONE]\n\n`;
    expect((await assemble(body, 'openai')).text).toBe('tight');
  });
});

describe('ST14 usage semantics', () => {
  it('ST14 Anthropic usage is cumulative and message_delta may revise input tokens', async () => {
    const body = named(
      [
        'message_start',
        {
          type: 'message_start',
          message: { usage: { input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 5 } },
        },
      ],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 40 } },
      ],
      ['message_delta', { type: 'message_delta', delta: {}, usage: { input_tokens: 12, output_tokens: 42 } }],
      ['message_stop', { type: 'message_stop' }],
    );
    expect((await assemble(body, 'claude')).usage).toEqual({
      promptTokens: 12,
      completionTokens: 42,
      totalTokens: 54,
    });
  });

  it('ST14 Gemini usageMetadata on every chunk: the last one wins, even when counts shrink', async () => {
    const body = sse(
      gemini([{ text: 'a' }], {}, { promptTokenCount: 20, totalTokenCount: 20 }),
      gemini([{ text: 'b' }], {}, { promptTokenCount: 20, candidatesTokenCount: 2, totalTokenCount: 22 }),
      gemini(
        [{ text: '' }],
        { finishReason: 'STOP' },
        { promptTokenCount: 13, candidatesTokenCount: 3, totalTokenCount: 16 },
      ),
    );
    const events = await eventsOf(bodyFromText(body), 'gemini');
    expect(events.filter((e) => e.type === 'usage')).toEqual([
      { type: 'usage', promptTokens: 13, completionTokens: 3, totalTokens: 16 },
    ]);
  });

  it('ST14 OpenRouter usage carries the cost', async () => {
    const body = sse(
      chunk({ content: 'x' }, 'stop'),
      { choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3, cost: 0.0042 } },
      '[DONE]',
    );
    expect((await assemble(body, 'openai', [], 'openrouter')).usage).toEqual({
      promptTokens: 1,
      completionTokens: 2,
      totalTokens: 3,
      costUSD: 0.0042,
    });
  });

  it('ST14 usage comes once, after tool calls complete and before finish', async () => {
    const body = sse(
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'f', arguments: '{}' } }] }, 'tool_calls'),
      { choices: [], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
      '[DONE]',
    );
    const types = (await eventsOf(bodyFromText(body), 'openai')).map((e) => e.type);
    expect(types).toEqual(['tool-call-start', 'tool-call-delta', 'tool-call-complete', 'usage', 'finish']);
  });
});

describe('ST15 unknown event, block and part types', () => {
  it('ST15 Anthropic server tool blocks, citations and unknown events are ignored', async () => {
    const body =
      named(
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'server_tool_use', id: 's', name: 'web_search', input: {} },
          },
        ],
        [
          'content_block_delta',
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'input_json_delta', partial_json: '{"q":1}' },
          },
        ],
        ['content_block_stop', { type: 'content_block_stop', index: 0 }],
        [
          'content_block_start',
          {
            type: 'content_block_start',
            index: 1,
            content_block: { type: 'web_search_tool_result', content: [] },
          },
        ],
        [
          'content_block_delta',
          { type: 'content_block_delta', index: 2, delta: { type: 'citations_delta', citation: {} } },
        ],
        ['brand_new_event', { type: 'brand_new_event' }],
      ) +
      anthropicText('ok') +
      named(['message_stop', { type: 'message_stop' }]);
    const s = await assemble(body, 'claude');
    expect([s.text, s.toolCalls, s.finish]).toEqual(['ok', [], 'stop']);
  });

  it('ST15 OpenAI annotations, llama.cpp timings and Gemini code parts are ignored', async () => {
    const openai = sse({
      ...chunk({ content: 'x', annotations: [{ type: 'url_citation' }] }, 'stop'),
      timings: { prompt_n: 1 },
    });
    expect((await assemble(openai, 'openai')).text).toBe('x');
    const g = sse(
      gemini([{ executableCode: { code: 'print(1)' } }, { text: 'y' }], { finishReason: 'STOP' }),
    );
    expect((await assemble(g, 'gemini')).text).toBe('y');
  });
});

describe('ST16 repeats and refusals', () => {
  it('ST16 a message_start repeated before any content does not reset the message', async () => {
    const start = named([
      'message_start',
      { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } },
    ]);
    const body = start + anthropicText('one') + named(['message_stop', { type: 'message_stop' }]);
    const s = await assemble(body, 'claude');
    expect([s.text, s.finish, s.usage?.completionTokens]).toEqual(['one', 'stop', 3]);
  });

  it('ST16 a repeated finish_reason yields one finish', async () => {
    const events = await eventsOf(
      bodyFromText(sse(chunk({ content: 'a' }, 'stop'), chunk({}, 'stop'), '[DONE]')),
      'openai',
    );
    expect(events.filter((e) => e.type === 'finish')).toEqual([{ type: 'finish', reason: 'stop' }]);
  });

  it('ST16 an OpenAI refusal with no content', async () => {
    const s = await assemble(
      sse(
        chunk({ role: 'assistant', content: null, refusal: "I can't help with that." }),
        chunk({}, 'stop'),
        '[DONE]',
      ),
      'openai',
    );
    expect([s.text, s.finish]).toEqual(["I can't help with that.", 'refusal']);
  });

  it('ST16 an Anthropic refusal stop with no content', async () => {
    const body = named(
      ['message_start', { type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 0 } } }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: 'refusal' }, usage: { output_tokens: 0 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    );
    const s = await assemble(body, 'claude');
    expect([s.text, s.finish, s.error]).toEqual(['', 'refusal', null]);
  });

  it('ST16 a Gemini safety stop with no content is content_filter', async () => {
    const s = await assemble(sse({ candidates: [{ finishReason: 'SAFETY' }] }), 'gemini');
    expect([s.text, s.finish]).toEqual(['', 'content_filter']);
  });
});
