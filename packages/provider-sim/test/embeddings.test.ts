import { describe, expect, it } from 'vitest';
import { simEmbedding } from '../src/embeddings';
import { useSim } from './helpers';

const sim = useSim();

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sim().url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('embeddings', () => {
  it("OpenAI: each model's real length, `dimensions` shortens, usage counted, vectors of unit length", async () => {
    const answer = await post(
      '/v1/embeddings',
      { model: 'text-embedding-3-large', input: ['ferry times', 'x'] },
      { authorization: 'Bearer sk-sim' },
    );
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as {
      data: { index: number; embedding: number[] }[];
      usage: { prompt_tokens: number };
    };
    expect(json.data.map((item) => [item.index, item.embedding.length])).toEqual([
      [0, 3072],
      [1, 3072],
    ]);
    expect(dot(json.data[0]!.embedding, json.data[0]!.embedding)).toBeCloseTo(1, 4);
    expect(json.usage.prompt_tokens).toBeGreaterThan(0);
    const small = await post(
      '/v1/embeddings',
      { model: 'text-embedding-3-small', input: 'a', dimensions: 512 },
      { authorization: 'Bearer sk-sim' },
    );
    expect(((await small.json()) as { data: { embedding: number[] }[] }).data[0]!.embedding).toHaveLength(
      512,
    );
  });

  it('OpenAI: real error bodies for no key, a wrong key, too many inputs and an unknown model', async () => {
    expect((await post('/v1/embeddings', { model: 'text-embedding-3-small', input: 'a' })).status).toBe(401);
    const wrong = await post(
      '/v1/embeddings',
      { model: 'text-embedding-3-small', input: 'a' },
      { authorization: 'Bearer sk-invalid-123456789' },
    );
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    const many = await post(
      '/v1/embeddings',
      { model: 'text-embedding-3-small', input: Array(2049).fill('a') },
      { authorization: 'Bearer sk-sim' },
    );
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const unknown = await post(
      '/v1/embeddings',
      { model: 'nope', input: 'a' },
      { authorization: 'Bearer sk-sim' },
    );
    expect(unknown.status).toBe(404);
  });

  it('429 with Retry-After the first time a batch holds [[sim:429]], then the vectors', async () => {
    const body = { model: 'text-embedding-3-small', input: ['retry me [[sim:429]]'] };
    const first = await post('/v1/embeddings', body, { authorization: 'Bearer sk-sim' });
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('rate_limit_exceeded');
    expect((await post('/v1/embeddings', body, { authorization: 'Bearer sk-sim' })).status).toBe(200);
  });

  it('Gemini: batchEmbedContents with outputDimensionality, embedContent, at most 100 requests, key checked', async () => {
    const requests = ['a b', 'c d'].map((text) => ({
      model: 'models/gemini-embedding-001',
      content: { parts: [{ text }] },
      outputDimensionality: 768,
    }));
    const batch = await post(
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      { requests },
      { 'x-goog-api-key': 'g' },
    );
    const json = (await batch.json()) as { embeddings: { values: number[] }[] };
    expect(json.embeddings.map((item) => item.values.length)).toEqual([768, 768]);
    const one = await post(
      '/v1beta/models/gemini-embedding-001:embedContent',
      { content: { parts: [{ text: 'x' }] } },
      { 'x-goog-api-key': 'g' },
    );
    expect(((await one.json()) as { embedding: { values: number[] } }).embedding.values).toHaveLength(3072);
    const tooMany = await post(
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      { requests: Array(101).fill(requests[0]) },
      { 'x-goog-api-key': 'g' },
    );
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
    expect((await post('/v1beta/models/gemini-embedding-001:embedContent', {})).status).toBe(403);
  });

  it("Ollama: /api/embed with the model's length, 404 for a model not pulled", async () => {
    const answer = await post('/api/embed', { model: 'nomic-embed-text', input: ['a', 'b'] });
    const json = (await answer.json()) as { embeddings: number[][] };
    expect(json.embeddings.map((vector) => vector.length)).toEqual([768, 768]);
    const missing = await post('/api/embed', { model: 'llama-embed' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'model "llama-embed" not found, try pulling it first' });
  });

  it('vectors carry meaning enough to retrieve: shared words and word forms are nearer', () => {
    const question = simEmbedding('When does the ferry leave the island?', 256);
    const right = simEmbedding('Ferries leave the island at 7:40 from pier four.', 256);
    const wrong = simEmbedding('Tomatoes need water every morning in summer.', 256);
    expect(dot(question, right)).toBeGreaterThan(dot(question, wrong) + 0.2);
    expect(simEmbedding('same text', 64)).toEqual(simEmbedding('same text', 64));
  });
});
