import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, jsonEvents, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SIX_WORDS = '[[sim:reply one two three four five six]]';
const CALL = '[[sim:reply Checking.]] [[sim:tool get_weather {"city":"Paris","days":3}]]';
const CALL_JSON = '{"city":"Paris","days":3}';
const THINKING = '[[sim:reasoning Let me think.]]';

const anthropicStream = async (text: string, maxTokens: number) =>
  jsonEvents(await readSse(await anthropicMessages(sim(), text, { max_tokens: maxTokens }))) as Json[];
const anthropicJson = async (text: string, maxTokens: number) =>
  (await (await anthropicMessages(sim(), text, { max_tokens: maxTokens, stream: false })).json()) as Json;
const deltasOf = (events: Json[], field: string) =>
  events
    .filter((e) => e.type === 'content_block_delta' && typeof e.delta[field] === 'string')
    .map((e) => e.delta[field] as string)
    .join('');

describe('Anthropic honours max_tokens', () => {
  it('streaming: text stops at max_tokens, stop_reason "max_tokens", output_tokens the cut count', async () => {
    const events = await anthropicStream(SIX_WORDS, 3);
    expect(deltasOf(events, 'text')).toBe('one two three');
    const delta = events.find((e) => e.type === 'message_delta');
    expect(delta?.delta.stop_reason).toBe('max_tokens');
    expect(delta?.usage.output_tokens).toBe(3);
    expect(events.at(-1)?.type).toBe('message_stop');
  });

  it('streaming: thinking spends the budget first; no text block is opened when nothing is left', async () => {
    const events = await anthropicStream(`${THINKING} ${SIX_WORDS}`, 2);
    expect(deltasOf(events, 'thinking')).toBe('Let me');
    const blocks = events.filter((e) => e.type === 'content_block_start').map((e) => e.content_block.type);
    expect(blocks).toEqual(['thinking']);
    expect(events.find((e) => e.type === 'message_delta')?.usage.output_tokens).toBe(2);
  });

  it('streaming: a tool_use cut inside its input leaves the partial JSON unterminated', async () => {
    // 1 text delta + the tool_use opening (id and name) + 2 argument pieces.
    const events = await anthropicStream(CALL, 4);
    expect(deltasOf(events, 'text')).toBe('Checking.');
    const partial = deltasOf(events, 'partial_json');
    expect(partial.length).toBeGreaterThan(0);
    expect(CALL_JSON.startsWith(partial) && partial.length < CALL_JSON.length).toBe(true);
    expect(events.filter((e) => e.type === 'content_block_stop')).toHaveLength(2);
    const delta = events.find((e) => e.type === 'message_delta');
    expect(delta?.delta.stop_reason).toBe('max_tokens');
    expect(delta?.usage.output_tokens).toBe(4);
  });

  it('non-streaming: cut text, stop_reason "max_tokens", usage; a cut tool_use has an empty input', async () => {
    const text = await anthropicJson(SIX_WORDS, 5);
    expect(text.content).toEqual([{ type: 'text', text: 'one two three four five' }]);
    expect(text).toMatchObject({ stop_reason: 'max_tokens', usage: { output_tokens: 5 } });
    const call = await anthropicJson(CALL, 4);
    expect(call.content[1]).toMatchObject({ type: 'tool_use', name: 'get_weather', input: {} });
    expect(call).toMatchObject({ stop_reason: 'max_tokens', usage: { output_tokens: 4 } });
  });

  it("the app's default of 4096 cuts no ordinary reply", async () => {
    for (const text of ['hello there', '[[sim:markdown]]', CALL, '[[sim:long 3000]]']) {
      const body = await anthropicJson(text, 4096);
      expect(body.stop_reason).not.toBe('max_tokens');
    }
    expect((await anthropicJson('[[sim:long 3000]]', 4096)).usage.output_tokens).toBe(3000);
  });

  it('a reply of exactly max_tokens is byte-for-byte the reply under a larger limit', async () => {
    const bytes = async (maxTokens: number) =>
      (await anthropicMessages(sim(), `${THINKING} ${CALL}`, { max_tokens: maxTokens })).text();
    const roomy = await bytes(4096);
    const used = (jsonEvents(await readSse(new Response(roomy))) as Json[]).find(
      (e) => e.type === 'message_delta',
    )?.usage.output_tokens as number;
    expect(roomy).toContain('"stop_reason":"tool_use"');
    expect(await bytes(used)).toBe(roomy);
    expect(await bytes(used - 1)).toContain('"stop_reason":"max_tokens"');
  });
});

const geminiStream = async (text: string, maxOutputTokens: number) =>
  jsonEvents(
    await readSse(await geminiGenerate(sim(), text, { extra: { generationConfig: { maxOutputTokens } } })),
  ) as Json[];
const partsOf = (chunks: Json[]) => chunks.flatMap((c) => (c.candidates[0].content?.parts ?? []) as Json[]);
const textOf = (parts: Json[], thought = false) =>
  parts
    .filter((p) => typeof p.text === 'string' && (p.thought === true) === thought)
    .map((p) => p.text as string)
    .join('');

describe('Gemini honours generationConfig.maxOutputTokens', () => {
  it('streaming: text stops at the limit, the last chunk says MAX_TOKENS, usage counts the cut tokens', async () => {
    const chunks = await geminiStream(SIX_WORDS, 3);
    expect(textOf(partsOf(chunks))).toBe('one two three');
    expect(chunks.at(-1)?.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(chunks.slice(0, -1).some((c) => c.candidates[0].finishReason)).toBe(false);
    const usage = chunks.at(-1)?.usageMetadata as Json;
    expect(usage.candidatesTokenCount).toBe(3);
    expect(usage.totalTokenCount).toBe(usage.promptTokenCount + 3);
  });

  it('streaming: thoughts spend the budget first and are reported as thoughtsTokenCount', async () => {
    const chunks = await geminiStream(`${THINKING} ${SIX_WORDS}`, 4);
    const parts = partsOf(chunks);
    expect(textOf(parts, true)).toBe('Let me think.');
    expect(textOf(parts)).toBe('one');
    expect(chunks.at(-1)?.usageMetadata).toMatchObject({ candidatesTokenCount: 1, thoughtsTokenCount: 3 });
  });

  it('streaming: a functionCall cut by the limit is never sent (Gemini sends calls whole), but is counted', async () => {
    const chunks = await geminiStream(CALL, 3);
    const parts = partsOf(chunks);
    expect(textOf(parts)).toBe('Checking.');
    expect(parts.some((p) => p.functionCall)).toBe(false);
    expect(chunks.at(-1)?.candidates[0].finishReason).toBe('MAX_TOKENS');
    expect(chunks.at(-1)?.usageMetadata.candidatesTokenCount).toBe(3);
  });

  it('non-streaming: the cut text in one candidate with finishReason MAX_TOKENS and usage', async () => {
    const response = await geminiGenerate(sim(), SIX_WORDS, {
      stream: false,
      extra: { generationConfig: { maxOutputTokens: 2 } },
    });
    const body = (await response.json()) as Json;
    expect(body.candidates[0]).toMatchObject({
      content: { parts: [{ text: 'one two' }] },
      finishReason: 'MAX_TOKENS',
    });
    expect(body.usageMetadata.candidatesTokenCount).toBe(2);
  });

  it('a reply under the limit is byte-for-byte the reply without one', async () => {
    const bytes = async (extra: Json) =>
      (await geminiGenerate(sim(), `${THINKING} ${SIX_WORDS}`, { stream: false, extra })).text();
    const underLimit = await bytes({ generationConfig: { maxOutputTokens: 9 } });
    expect(underLimit).toContain('"finishReason": "STOP"');
    expect(underLimit).toBe(await bytes({}));
  });
});
