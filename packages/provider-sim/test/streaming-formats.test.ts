import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, jsonEvents, openaiChat, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('echo reply in each provider format', () => {
  it('OpenAI: word-sized content deltas, include_usage chunk with empty choices, then [DONE]', async () => {
    const response = await openaiChat(sim(), 'hello brave new world', {
      stream_options: { include_usage: true },
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const stream = await readSse(response);
    expect(stream.events.at(-1)?.data).toBe('[DONE]');
    expect(stream.events.every((e) => e.event === undefined)).toBe(true);
    const chunks = jsonEvents(stream) as Json[];
    expect(chunks[0]?.choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    const deltas = chunks.flatMap((c) =>
      c.choices[0]?.delta.content ? [c.choices[0].delta.content as string] : [],
    );
    expect(deltas).toEqual(['Echo:', ' hello', ' brave', ' new', ' world']);
    expect(chunks.find((c) => c.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('stop');
    const usageChunk = chunks.at(-1);
    expect(usageChunk?.choices).toEqual([]);
    // 'hello brave new world' is 21 characters: about 21 / 4 tokens.
    expect(usageChunk?.usage).toMatchObject({ prompt_tokens: 6, completion_tokens: 5, total_tokens: 11 });
  });

  it('OpenAI without stream_options.include_usage sends no usage, as the real API', async () => {
    const chunks = jsonEvents(await readSse(await openaiChat(sim(), 'hi'))) as Json[];
    expect(chunks.some((c) => c.usage)).toBe(false);
    expect(chunks.every((c) => c.choices.length === 1)).toBe(true);
  });

  it('OpenRouter: keep-alive comments first, role in every delta, usage with cost, then [DONE]', async () => {
    const response = await openaiChat(sim(), 'hi there', {}, { path: '/api/v1/chat/completions' });
    const stream = await readSse(response);
    expect(stream.raw.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
    expect(stream.comments.length).toBeGreaterThan(0);
    expect(stream.comments.every((c) => c.trim() === 'OPENROUTER PROCESSING')).toBe(true);
    expect(stream.events.at(-1)?.data).toBe('[DONE]');
    const chunks = jsonEvents(stream) as Json[];
    expect(chunks.every((c) => c.choices[0].delta.role === 'assistant')).toBe(true);
    const text = chunks.map((c) => c.choices[0].delta.content ?? '').join('');
    expect(text).toBe('Echo: hi there');
    const usage = chunks.at(-1)?.usage as Json;
    expect(usage.prompt_tokens).toBe(2);
    expect(usage.cost).toBeGreaterThan(0);
  });

  it('Anthropic: event lines naming each event, ping, padded JSON, cumulative usage, no [DONE]', async () => {
    const stream = await readSse(await anthropicMessages(sim(), 'hello there'));
    expect(stream.raw).not.toContain('[DONE]');
    const types = stream.events.map((e) => e.event);
    expect(types[0]).toBe('message_start');
    expect(types).toContain('ping');
    expect(types.slice(-2)).toEqual(['message_delta', 'message_stop']);
    for (const event of stream.events) expect((JSON.parse(event.data) as Json).type).toBe(event.event);
    // Anthropic pads the JSON with spaces before the closing brace; at least some events carry it.
    expect(stream.events.some((e) => / +\}$/.test(e.data))).toBe(true);
    const payloads = jsonEvents(stream) as Json[];
    const text = payloads
      .filter((p) => p.type === 'content_block_delta')
      .map((p) => p.delta.text as string)
      .join('');
    expect(text).toBe('Echo: hello there');
    expect(payloads[0]?.message.usage.input_tokens).toBe(3);
    const delta = payloads.find((p) => p.type === 'message_delta');
    expect(delta?.delta.stop_reason).toBe('end_turn');
    expect(delta?.usage).toMatchObject({ input_tokens: 3, output_tokens: 3 });
  });

  it('Gemini alt=sse: CRLF line endings, usageMetadata on every chunk, finishReason last, no [DONE]', async () => {
    const stream = await readSse(await geminiGenerate(sim(), 'hello there'));
    expect(stream.raw).not.toContain('[DONE]');
    expect(stream.raw.endsWith('\r\n\r\n')).toBe(true);
    expect(stream.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(stream.raw).toContain('{"candidates": [{"content": {"parts": [{"text": "Echo:"}]');
    const chunks = jsonEvents(stream) as Json[];
    expect(chunks.every((c) => c.usageMetadata?.promptTokenCount === 3)).toBe(true);
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe('Echo: hello there');
    expect(chunks.at(-1)?.candidates[0].finishReason).toBe('STOP');
    expect(chunks.slice(0, -1).some((c) => c.candidates[0].finishReason)).toBe(false);
  });

  it('Gemini streamGenerateContent without alt=sse streams one JSON array', async () => {
    const response = await fetch(`${sim().url}/v1beta/models/gemini-2.0-flash:streamGenerateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'AIza-test' },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    const chunks = (await response.json()) as Json[];
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe('Echo: hi');
  });
});

describe('non-streaming replies use each provider JSON shape with usage', () => {
  it('OpenAI chat.completion', async () => {
    const body = (await (await openaiChat(sim(), 'hi', { stream: false })).json()) as Json;
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0].message).toMatchObject({ role: 'assistant', content: 'Echo: hi' });
    expect(body.usage).toMatchObject({ prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 });
  });

  it('OpenRouter adds cost to usage', async () => {
    const response = await openaiChat(sim(), 'hi', { stream: false, model: 'anthropic/claude-sonnet-4' });
    const body = (await response.json()) as Json;
    expect(body.choices[0].message.content).toBe('Echo: hi');
    expect(body.usage.cost).toBeGreaterThan(0);
  });

  it('Anthropic message', async () => {
    const body = (await (await anthropicMessages(sim(), 'hi', { stream: false })).json()) as Json;
    expect(body).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'end_turn' });
    expect(body.content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    expect(body.usage).toMatchObject({ input_tokens: 1, output_tokens: 2 });
  });

  it('Gemini generateContent', async () => {
    const body = (await (await geminiGenerate(sim(), 'hi', { stream: false })).json()) as Json;
    expect(body.candidates[0]).toMatchObject({
      content: { parts: [{ text: 'Echo: hi' }] },
      finishReason: 'STOP',
    });
    expect(body.usageMetadata).toMatchObject({
      promptTokenCount: 1,
      candidatesTokenCount: 2,
      totalTokenCount: 3,
    });
  });
});
