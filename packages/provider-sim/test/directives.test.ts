import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, jsonEvents, openaiChat, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOOL = '[[sim:tool get_weather {"city":"Paris","days":[1,2]}]]';

describe('[[sim:tool]] and [[sim:tools N]]', () => {
  it('OpenAI: id and name in the first fragment, arguments split over several deltas', async () => {
    const chunks = jsonEvents(await readSse(await openaiChat(sim(), `Weather? ${TOOL}`))) as Json[];
    const fragments = chunks.flatMap((c) => (c.choices[0]?.delta.tool_calls as Json[] | undefined) ?? []);
    expect(fragments[0]).toMatchObject({
      index: 0,
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(fragments[0]?.id).toMatch(/^call_/);
    expect(fragments.slice(1).every((f) => f.id === undefined && f.function.name === undefined)).toBe(true);
    expect(fragments.length).toBeGreaterThan(3);
    const args = fragments.map((f) => f.function.arguments as string).join('');
    expect(JSON.parse(args)).toEqual({ city: 'Paris', days: [1, 2] });
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
  });

  it('Anthropic: tool_use block, input_json_delta starting with "", stop_reason tool_use', async () => {
    const events = jsonEvents(await readSse(await anthropicMessages(sim(), TOOL))) as Json[];
    const start = events.find((e) => e.type === 'content_block_start');
    expect(start?.content_block).toMatchObject({ type: 'tool_use', name: 'get_weather', input: {} });
    const pieces = events
      .filter((e) => e.delta?.type === 'input_json_delta')
      .map((e) => e.delta.partial_json as string);
    expect(pieces[0]).toBe('');
    expect(pieces.length).toBeGreaterThan(3);
    expect(JSON.parse(pieces.join(''))).toEqual({ city: 'Paris', days: [1, 2] });
    expect(events.find((e) => e.type === 'message_delta')?.delta.stop_reason).toBe('tool_use');
  });

  it('Gemini: a whole functionCall part', async () => {
    const chunks = jsonEvents(await readSse(await geminiGenerate(sim(), TOOL))) as Json[];
    const calls = chunks
      .flatMap((c) => c.candidates[0].content.parts as Json[])
      .filter((p) => p.functionCall);
    expect(calls.map((p) => p.functionCall)).toEqual([
      { name: 'get_weather', args: { city: 'Paris', days: [1, 2] } },
    ]);
  });

  it('[[sim:tools 3]] makes three parallel calls told apart by index, named after declared tools', async () => {
    const tools = ['a', 'b'].map((name) => ({ type: 'function', function: { name, parameters: {} } }));
    const chunks = jsonEvents(await readSse(await openaiChat(sim(), '[[sim:tools 3]]', { tools }))) as Json[];
    const openings = chunks
      .flatMap((c) => (c.choices[0]?.delta.tool_calls as Json[] | undefined) ?? [])
      .filter((f) => f.id !== undefined);
    expect(openings.map((f) => [f.index, f.function.name])).toEqual([
      [0, 'a'],
      [1, 'b'],
      [2, 'a'],
    ]);
    expect(new Set(openings.map((f) => f.id)).size).toBe(3);
  });

  it('a tool result as the last message ends the loop: "Tool result received: <result>"', async () => {
    const messages = [
      { role: 'user', content: `Weather? ${TOOL}` },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny, 21°C' },
    ];
    const openai = (await (await openaiChat(sim(), '', { messages, stream: false })).json()) as Json;
    expect(openai.choices[0].message.content).toBe('Tool result received: Sunny, 21°C');
    // Parallel calls: every trailing result is read, in order.
    const parallel = [
      messages[0],
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Rainy' },
    ];
    const both = (await (await openaiChat(sim(), '', { messages: parallel, stream: false })).json()) as Json;
    expect(both.choices[0].message.content).toBe('Tool result received: Sunny\nRainy');

    const anthropicBody = {
      stream: false,
      messages: [
        { role: 'user', content: `Weather? ${TOOL}` },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'Rainy' }] },
      ],
    };
    const anthropic = (await (await anthropicMessages(sim(), '', anthropicBody)).json()) as Json;
    expect(anthropic.content[0].text).toBe('Tool result received: Rainy');

    const contents = [
      { role: 'user', parts: [{ text: `Weather? ${TOOL}` }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: 'Windy' } } }] },
    ];
    const gemini = (await (
      await geminiGenerate(sim(), '', { stream: false, extra: { contents } })
    ).json()) as Json;
    expect(gemini.candidates[0].content.parts[0].text).toBe('Tool result received: Windy');
  });
});

describe('[[sim:error STATUS]] answers with the provider real body', () => {
  const cases: [string, () => Promise<Response>, number, (body: Json) => unknown, unknown][] = [
    [
      'OpenAI 429',
      () => openaiChat(sim(), '[[sim:error 429]]'),
      429,
      (b) => b.error.code,
      'rate_limit_exceeded',
    ],
    [
      'OpenAI 429 quota',
      () => openaiChat(sim(), '[[sim:error 429 quota]]'),
      429,
      (b) => b.error.code,
      'insufficient_quota',
    ],
    ['OpenAI 404', () => openaiChat(sim(), '[[sim:error 404]]'), 404, (b) => b.error.code, 'model_not_found'],
    ['OpenAI 500', () => openaiChat(sim(), '[[sim:error 500]]'), 500, (b) => b.error.type, 'server_error'],
    [
      'OpenRouter 402',
      () => openaiChat(sim(), '[[sim:error 402]]', { model: 'x/y' }),
      402,
      (b) => b.error.code,
      402,
    ],
    [
      'OpenRouter 429 quota is a 402',
      () => openaiChat(sim(), '[[sim:error 429 quota]]', { model: 'x/y' }),
      402,
      (b) => b.error.code,
      402,
    ],
    [
      'Anthropic 529',
      () => anthropicMessages(sim(), '[[sim:error 529]]'),
      529,
      (b) => b.error.type,
      'overloaded_error',
    ],
    [
      'Anthropic 429',
      () => anthropicMessages(sim(), '[[sim:error 429]]'),
      429,
      (b) => b.error.type,
      'rate_limit_error',
    ],
    [
      'Anthropic 429 quota: the spend cap, told apart by its details',
      () => anthropicMessages(sim(), '[[sim:error 429 quota]]'),
      429,
      (b) => `${b.error.type} ${b.error.details.error_code}`,
      'rate_limit_error enforced_spend_limit_reached',
    ],
    [
      'Anthropic 404',
      () => anthropicMessages(sim(), '[[sim:error 404]]'),
      404,
      (b) => b.error.type,
      'not_found_error',
    ],
    [
      'Anthropic 413',
      () => anthropicMessages(sim(), '[[sim:error 413]]'),
      413,
      (b) => b.error.type,
      'request_too_large',
    ],
    [
      'Gemini 503',
      () => geminiGenerate(sim(), '[[sim:error 503]]', { stream: false }),
      503,
      (b) => b.error.status,
      'UNAVAILABLE',
    ],
    [
      'Gemini 429',
      () => geminiGenerate(sim(), '[[sim:error 429]]', { stream: false }),
      429,
      (b) => b.error.status,
      'RESOURCE_EXHAUSTED',
    ],
    [
      'Gemini 404',
      () => geminiGenerate(sim(), '[[sim:error 404]]', { stream: false }),
      404,
      (b) => b.error.status,
      'NOT_FOUND',
    ],
  ];
  it.each(cases)('%s', async (_name, send, status, pick, expected) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(pick((await response.json()) as Json)).toBe(expected);
  });

  it('Gemini labels an error to an alt=sse request text/event-stream, body still plain JSON', async () => {
    const response = await geminiGenerate(sim(), '[[sim:error 503]]');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(((await response.json()) as Json).error.code).toBe(503);
  });

  it('an unknown directive is a 400 naming it, so typos are not silent', async () => {
    const response = await openaiChat(sim(), '[[sim:nope]]');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).error.message).toContain('[[sim:nope]]');
  });
});

describe('context overflow', () => {
  it('[[sim:context-overflow]] gives each provider real 400', async () => {
    const openai = (await (await openaiChat(sim(), '[[sim:context-overflow]]')).json()) as Json;
    expect(openai.error.code).toBe('context_length_exceeded');
    const anthropic = await anthropicMessages(sim(), '[[sim:context-overflow]]');
    expect(anthropic.status).toBe(400);
    expect(((await anthropic.json()) as Json).error.message).toMatch(
      /^prompt is too long: \d+ tokens > 100000 maximum$/,
    );
    const gemini = (await (
      await geminiGenerate(sim(), '[[sim:context-overflow]]', { stream: false })
    ).json()) as Json;
    expect(gemini.error.message).toMatch(
      /^The input token count \(\d+\) exceeds the maximum number of tokens allowed \(100000\)\.$/,
    );
  });

  it('overflows by itself past 400,000 characters, or past [[sim:context N]] tokens', async () => {
    const long = await openaiChat(sim(), 'x'.repeat(400_001));
    expect(long.status).toBe(400);
    expect(((await long.json()) as Json).error.message).toContain('resulted in 100001 tokens');
    const fits = await openaiChat(sim(), 'x'.repeat(400_000), { stream: false });
    expect(fits.status).toBe(200);
    await fits.text();
    const small = await anthropicMessages(sim(), `[[sim:context 10]] ${'y'.repeat(60)}`);
    expect(small.status).toBe(400);
    expect(((await small.json()) as Json).error.message).toMatch(/> 10 maximum$/);
  });
});
