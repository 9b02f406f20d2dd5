import { describe, expect, it } from 'vitest';
import { jsonEvents, openaiChat, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SIX_WORDS = '[[sim:reply one two three four five six]]';
const CALL = '[[sim:reply Checking.]] [[sim:tool get_weather {"city":"Paris","days":3}]]';
const CALL_JSON = '{"city":"Paris","days":3}';

const streamed = async (text: string, extra: Json, path?: string) =>
  jsonEvents(await readSse(await openaiChat(sim(), text, extra, { path }))) as Json[];
const contentOf = (chunks: Json[]) => chunks.map((c) => c.choices[0]?.delta.content ?? '').join('');
const finishOf = (chunks: Json[]) => chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0];

describe('OpenAI honours max_tokens / max_completion_tokens', () => {
  it('streaming: the text stops at max_tokens, finish_reason "length", usage counts the cut tokens', async () => {
    const chunks = await streamed(SIX_WORDS, { max_tokens: 3, stream_options: { include_usage: true } });
    expect(contentOf(chunks)).toBe('one two three');
    expect(finishOf(chunks)?.finish_reason).toBe('length');
    expect(chunks.at(-1)?.usage).toMatchObject({ completion_tokens: 3 });
    expect(chunks.at(-1)?.usage.total_tokens).toBe(chunks.at(-1)?.usage.prompt_tokens + 3);
  });

  it('non-streaming: max_completion_tokens is read when max_tokens is absent', async () => {
    const response = await openaiChat(sim(), SIX_WORDS, { stream: false, max_completion_tokens: 2 });
    const body = (await response.json()) as Json;
    expect(body.choices[0].message.content).toBe('one two');
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(2);
  });

  it('max_tokens wins over max_completion_tokens when both are sent', async () => {
    const response = await openaiChat(sim(), SIX_WORDS, {
      stream: false,
      max_tokens: 4,
      max_completion_tokens: 1,
    });
    const body = (await response.json()) as Json;
    expect(body.choices[0].message.content).toBe('one two three four');
    expect(body.usage.completion_tokens).toBe(4);
  });

  it('reasoning spends the budget first: a limit inside it leaves an empty answer', async () => {
    const text = '[[sim:reasoning Let me think it over.]] [[sim:reply one two three]]';
    const body = (await (await openaiChat(sim(), text, { stream: false, max_tokens: 2 })).json()) as Json;
    expect(body.choices[0].message).toMatchObject({ content: '', reasoning_content: 'Let me' });
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage).toMatchObject({
      completion_tokens: 2,
      completion_tokens_details: { reasoning_tokens: 2 },
    });
  });

  it('streaming: a tool call cut inside its arguments is sent with unterminated JSON', async () => {
    // 1 text delta + 1 call opening + 2 argument pieces.
    const chunks = await streamed(CALL, { max_tokens: 4, stream_options: { include_usage: true } });
    expect(contentOf(chunks)).toBe('Checking.');
    const calls = chunks.flatMap((c) => (c.choices[0]?.delta.tool_calls ?? []) as Json[]);
    expect(calls[0]?.function.name).toBe('get_weather');
    const args = calls.map((c) => c.function.arguments as string).join('');
    expect(calls).toHaveLength(3);
    expect(CALL_JSON.startsWith(args)).toBe(true);
    expect(args.length).toBeLessThan(CALL_JSON.length);
    expect(() => JSON.parse(args) as unknown).toThrow();
    expect(finishOf(chunks)?.finish_reason).toBe('length');
    expect(chunks.at(-1)?.usage.completion_tokens).toBe(4);
  });

  it('non-streaming: the cut call carries the same argument prefix', async () => {
    const body = (await (await openaiChat(sim(), CALL, { stream: false, max_tokens: 4 })).json()) as Json;
    const args = body.choices[0].message.tool_calls[0].function.arguments as string;
    expect(CALL_JSON.startsWith(args) && args.length < CALL_JSON.length).toBe(true);
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBe(4);
  });

  it('a limit of exactly the reply length cuts nothing: finish "stop", full text', async () => {
    const chunks = await streamed(SIX_WORDS, { max_tokens: 6, stream_options: { include_usage: true } });
    expect(contentOf(chunks)).toBe('one two three four five six');
    expect(finishOf(chunks)?.finish_reason).toBe('stop');
    expect(chunks.at(-1)?.usage.completion_tokens).toBe(6);
  });

  it('a reply under the limit is byte-for-byte the reply without one (apart from `created`)', async () => {
    const bytes = async (extra: Json) =>
      (await (await openaiChat(sim(), `${CALL} ${SIX_WORDS}`, extra)).text()).replace(/"created":\d+/g, '');
    expect(await bytes({ max_tokens: 1000 })).toBe(await bytes({}));
  });
});

describe('OpenRouter honours max_tokens', () => {
  const path = '/api/v1/chat/completions';

  it('streaming: finish_reason and native_finish_reason "length", usage with the cut tokens', async () => {
    const chunks = await streamed(SIX_WORDS, { max_tokens: 3 }, path);
    expect(contentOf(chunks)).toBe('one two three');
    expect(finishOf(chunks)).toMatchObject({ finish_reason: 'length', native_finish_reason: 'length' });
    expect(chunks.at(-1)?.usage.completion_tokens).toBe(3);
  });

  it('non-streaming: the same cut in the whole body', async () => {
    const response = await openaiChat(sim(), SIX_WORDS, { stream: false, max_tokens: 5 }, { path });
    const body = JSON.parse(await response.text()) as Json;
    expect(body.choices[0].message.content).toBe('one two three four five');
    expect(body.choices[0]).toMatchObject({ finish_reason: 'length', native_finish_reason: 'length' });
    expect(body.usage.completion_tokens).toBe(5);
  });
});
