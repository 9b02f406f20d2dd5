import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, jsonEvents, openaiChat, readSse, useSim } from './helpers';

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const openaiText = (chunks: Json[]) => chunks.map((c) => c.choices?.[0]?.delta.content ?? '').join('');

describe('stream endings', () => {
  it('OpenAI [[sim:midstream-error]]: some text, then a data line holding only an error, then the end (no [DONE])', async () => {
    const stream = await readSse(await openaiChat(sim(), 'one two three four [[sim:midstream-error]]'));
    const chunks = jsonEvents(stream) as Json[];
    expect(openaiText(chunks).startsWith('Echo:')).toBe(true);
    expect(chunks.at(-1)).toEqual({ error: expect.objectContaining({ type: 'server_error' }) });
    expect(stream.raw).not.toContain('[DONE]');
  });

  it('OpenRouter [[sim:midstream-error]]: error inside a normal chunk, then [DONE]', async () => {
    const stream = await readSse(
      await openaiChat(sim(), 'a b c [[sim:midstream-error]]', { model: 'openai/gpt-4o' }),
    );
    expect(stream.events.at(-1)?.data).toBe('[DONE]');
    const errorChunk = (jsonEvents(stream) as Json[]).at(-1);
    expect(errorChunk?.object).toBe('chat.completion.chunk');
    expect(errorChunk?.error.message).toBe('Provider disconnected unexpectedly');
    expect(errorChunk?.choices[0].finish_reason).toBe('error');
  });

  it('Anthropic [[sim:midstream-error]]: event: error with overloaded_error, no message_stop', async () => {
    const stream = await readSse(await anthropicMessages(sim(), 'a b c [[sim:midstream-error]]'));
    const last = stream.events.at(-1);
    expect(last?.event).toBe('error');
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({
      type: 'error',
      error: { type: 'overloaded_error' },
    });
    expect(stream.events.some((e) => e.event === 'message_stop')).toBe(false);
  });

  it('Gemini [[sim:midstream-error]]: the stream stops with no finishReason', async () => {
    const chunks = jsonEvents(
      await readSse(await geminiGenerate(sim(), 'a b c d [[sim:midstream-error]]')),
    ) as Json[];
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.some((c) => c.candidates[0].finishReason)).toBe(false);
  });

  it('[[sim:cut]] ends cleanly after some text with no terminator', async () => {
    const stream = await readSse(await openaiChat(sim(), 'one two three four five six [[sim:cut]]'));
    const text = openaiText(jsonEvents(stream) as Json[]);
    expect(text.length).toBeGreaterThan(0);
    expect('Echo: one two three four five six'.startsWith(text)).toBe(true);
    expect(text).not.toBe('Echo: one two three four five six');
    expect(stream.raw).not.toContain('[DONE]');
    expect(stream.raw).not.toContain('finish_reason":"stop');
  });

  it('[[sim:cut reset]] breaks the connection: the client body read fails', async () => {
    const response = await anthropicMessages(sim(), 'one two three [[sim:cut reset]]');
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow();
  });

  it('[[sim:hang]] sends headers then nothing; aborting is clean and the sim keeps serving', async () => {
    const response = await openaiChat(sim(), '[[sim:hang]]');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const pending = reader.read();
    await reader.cancel();
    await expect(pending).resolves.toMatchObject({ done: true });
    const next = await openaiChat(sim(), 'still alive?', { stream: false });
    expect(((await next.json()) as Json).choices[0].message.content).toBe('Echo: still alive?');
  });
});

describe('content directives', () => {
  it('[[sim:reply TEXT]] streams exactly TEXT', async () => {
    const chunks = jsonEvents(
      await readSse(await openaiChat(sim(), 'ignored [[sim:reply Exactly  this,\nplease.]]')),
    );
    expect(openaiText(chunks as Json[])).toBe('Exactly  this,\nplease.');
  });

  it('[[sim:reasoning TEXT]] comes first, in each provider real field', async () => {
    const directive = 'Q [[sim:reasoning Think hard]]';
    const openai = jsonEvents(await readSse(await openaiChat(sim(), directive))) as Json[];
    expect(openai.map((c) => c.choices[0]?.delta.reasoning_content ?? '').join('')).toBe('Think hard');
    const openrouter = jsonEvents(
      await readSse(await openaiChat(sim(), directive, { model: 'x/y' })),
    ) as Json[];
    expect(openrouter.map((c) => c.choices[0]?.delta.reasoning ?? '').join('')).toBe('Think hard');
    const anthropic = jsonEvents(await readSse(await anthropicMessages(sim(), directive))) as Json[];
    expect(anthropic.find((e) => e.type === 'content_block_start')?.content_block.type).toBe('thinking');
    expect(anthropic.map((e) => e.delta?.thinking ?? '').join('')).toBe('Think hard');
    expect(anthropic.some((e) => e.delta?.type === 'signature_delta')).toBe(true);
    const gemini = jsonEvents(await readSse(await geminiGenerate(sim(), directive))) as Json[];
    const thoughts = gemini.flatMap((c) => c.candidates[0].content.parts as Json[]).filter((p) => p.thought);
    expect(thoughts.map((p) => p.text).join('')).toBe('Think hard');
    expect(gemini.at(-1)?.usageMetadata.thoughtsTokenCount).toBe(2);
  });

  it('[[sim:refusal]]: OpenAI refusal deltas, Anthropic stop_reason refusal, Gemini finishReason SAFETY', async () => {
    const openai = jsonEvents(await readSse(await openaiChat(sim(), '[[sim:refusal]]'))) as Json[];
    expect(openai.map((c) => c.choices[0]?.delta.refusal ?? '').join('')).toMatch(/^I'm sorry/);
    expect(openaiText(openai)).toBe('');
    const anthropic = jsonEvents(await readSse(await anthropicMessages(sim(), '[[sim:refusal]]'))) as Json[];
    expect(anthropic.find((e) => e.type === 'message_delta')?.delta.stop_reason).toBe('refusal');
    const gemini = jsonEvents(await readSse(await geminiGenerate(sim(), '[[sim:refusal]]'))) as Json[];
    expect(gemini.at(-1)?.candidates[0].finishReason).toBe('SAFETY');
  });

  it('[[sim:markdown]] holds a GFM table, a TypeScript fence, a list, inline code and $$ display math', async () => {
    const body = (await (await openaiChat(sim(), '[[sim:markdown]]', { stream: false })).json()) as Json;
    const text = body.choices[0].message.content as string;
    expect(text).toMatch(/^\| --- \| :---: \| ---: \|$/m);
    expect(text).toContain('```typescript\n');
    expect(text).toMatch(/^- /m);
    expect(text).toMatch(/`[^`\n]+`/);
    expect(text).toMatch(/^\$\$\n.+\n\$\$$/m);
  });

  it('[[sim:long N]] is N word tokens with paragraphs, the same every time', async () => {
    const ask = async () =>
      (await (await anthropicMessages(sim(), '[[sim:long 500]]', { stream: false })).json()) as Json;
    const first = await ask();
    const text = first.content[0].text as string;
    expect(text.split(/\s+/).length).toBe(500);
    expect(text).toContain('\n\n');
    expect(first.usage.output_tokens).toBe(500);
    expect((await ask()).content[0].text).toBe(text);
  });

  it('[[sim:slow N]] still delivers the whole reply', async () => {
    const chunks = jsonEvents(await readSse(await openaiChat(sim(), 'a b [[sim:slow 500]]'))) as Json[];
    expect(openaiText(chunks)).toBe('Echo: a b');
  });
});
