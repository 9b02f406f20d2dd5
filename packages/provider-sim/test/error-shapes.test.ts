import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, jsonEvents, openaiChat, readSse, useSim } from './helpers';

/** The failure shapes real servers send, as the simulator produces them (core SPEC ST27–ST30, ER13–ER16). */

const sim = useSim();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const openaiText = (chunks: Json[]) => chunks.map((c) => c.choices?.[0]?.delta?.content ?? '').join('');

describe('[[sim:midstream-error SHAPE]]', () => {
  it('event: some text, then an `event: error` frame and the end, no [DONE]', async () => {
    const stream = await readSse(await openaiChat(sim(), 'one two three four [[sim:midstream-error event]]'));
    const last = stream.events.at(-1);
    expect(last?.event).toBe('error');
    expect(JSON.parse(last?.data ?? '{}')).toMatchObject({ error: { code: 503 } });
    expect(openaiText(jsonEvents({ ...stream, events: stream.events.slice(0, -1) }))).toMatch(/^Echo:/);
    expect(stream.raw).not.toContain('[DONE]');
  });

  it('field: an `error:` field line after the text, then [DONE]', async () => {
    const response = await openaiChat(sim(), 'one two three four [[sim:midstream-error field]]');
    const raw = await response.text();
    expect(raw).toMatch(/\n\nerror: \{"message":"upstream connect error[^\n]*\n\ndata: \[DONE\]\n\n$/);
  });

  it('raw: OpenRouter relays the upstream answer in metadata.raw, with finish_reason "error"', async () => {
    const stream = await readSse(
      await openaiChat(sim(), 'a b c [[sim:midstream-error raw]]', { model: 'anthropic/claude-sonnet-4.5' }),
    );
    const errorChunk = (jsonEvents(stream) as Json[]).at(-1);
    expect(errorChunk?.error).toMatchObject({
      code: 502,
      message: 'Provider returned error',
      metadata: { provider_name: 'Anthropic' },
    });
    expect(JSON.parse(errorChunk?.error.metadata.raw)).toMatchObject({ error: { type: 'overloaded_error' } });
    expect(errorChunk?.choices[0].finish_reason).toBe('error');
  });

  it('restart: Anthropic sends a second message_start (another id) after the first content', async () => {
    const stream = await readSse(await anthropicMessages(sim(), 'a b c d [[sim:midstream-error restart]]'));
    const starts = stream.events.filter((e) => e.event === 'message_start');
    expect(starts).toHaveLength(2);
    const ids = starts.map((e) => (JSON.parse(e.data) as Json).message.id);
    expect(ids[1]).toBe(`${ids[0]}_retry`);
    const firstContent = stream.events.findIndex((e) => e.event === 'content_block_start');
    expect(firstContent).toBeLessThan(stream.events.lastIndexOf(starts[1]!));
  });

  it('an unknown shape is a 400 naming the directive', async () => {
    const response = await openaiChat(sim(), 'x [[sim:midstream-error sideways]]');
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('midstream-error');
  });
});

describe('[[sim:harmony]]', () => {
  it('gpt-oss channels arrive as plain content, tags split across deltas', async () => {
    const stream = await readSse(
      await openaiChat(sim(), '[[sim:reply Four.]] [[sim:harmony]] [[sim:reasoning Add.]]'),
    );
    const content = openaiText(jsonEvents(stream) as Json[]);
    expect(content).toBe(
      '<|channel|>analysis<|message|>Add.<|end|><|start|>assistant<|channel|>final<|message|>Four.<|return|>',
    );
    expect((jsonEvents(stream) as Json[]).some((c) => c.choices?.[0]?.delta?.reasoning_content)).toBe(false);
  });
});

describe('[[sim:prompt-blocked REASON [MESSAGE]]]', () => {
  it('Gemini answers with promptFeedback, usage and no candidates', async () => {
    const stream = await readSse(
      await geminiGenerate(sim(), 'x [[sim:prompt-blocked PROHIBITED_CONTENT The prompt is not allowed.]]'),
    );
    const chunks = jsonEvents(stream) as Json[];
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({
      promptFeedback: { blockReason: 'PROHIBITED_CONTENT', blockReasonMessage: 'The prompt is not allowed.' },
      usageMetadata: { promptTokenCount: expect.any(Number) },
    });
    expect(chunks[0]?.candidates).toBeUndefined();
  });
});

describe('errors of OpenAI-compatible servers', () => {
  it('[[sim:context-overflow SERVER]]: llama.cpp, vLLM, Ollama and LM Studio wording', async () => {
    const bodies = await Promise.all(
      ['llama', 'vllm', 'ollama', 'lmstudio'].map(async (server) => {
        const response = await openaiChat(sim(), `x [[sim:context-overflow ${server}]]`);
        expect(response.status).toBe(400);
        return response.text();
      }),
    );
    expect(bodies[0]).toContain('"type":"exceed_context_size_error"');
    expect(bodies[0]).toContain('exceeds the available context size');
    expect(bodies[1]).toContain("This model's maximum context length is");
    expect(bodies[2]).toContain('prompt too long; exceeded max context length by');
    expect(bodies[3]).toContain('when context the overflows');
  });

  it('[[sim:error 429 plain|html]] and [[sim:error 401 api-error]]', async () => {
    const plain = await openaiChat(sim(), 'x [[sim:error 429 plain]]');
    expect([plain.status, plain.headers.get('content-type')]).toEqual([429, 'text/plain; charset=utf-8']);
    expect(await plain.text()).toMatch(/^Quota exceeded/);
    const html = await openaiChat(sim(), 'x [[sim:error 429 html]]');
    expect(await html.text()).toContain('<title>429 Too Many Requests</title>');
    const labelled = await openaiChat(sim(), 'x [[sim:error 401 api-error]]');
    expect(labelled.status).toBe(401);
    expect(await labelled.json()).toMatchObject({ error: { type: 'api_error' } });
  });

  it('OpenRouter [[sim:error 502]]: "Provider returned error" with the upstream body in metadata.raw', async () => {
    const response = await openaiChat(sim(), 'x [[sim:error 502]]', { model: 'openai/gpt-4o' });
    const body = (await response.json()) as Json;
    expect(body.error).toMatchObject({
      message: 'Provider returned error',
      metadata: { provider_name: 'OpenAI' },
    });
    expect(JSON.parse(body.error.metadata.raw)).toMatchObject({ error: { type: 'server_error' } });
  });
});
