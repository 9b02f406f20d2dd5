import { describe, expect, it } from 'vitest';
import {
  buildEmbeddingCall,
  buildQueryEmbeddingCall,
  EMBEDDING_MODELS,
  EmbeddingAnswerError,
  embeddingBatches,
  embeddingCost,
  embeddingRetryDelay,
  endpointEmbeddingModel,
  normalise,
  readEmbeddingAnswer,
} from '../../src/knowledge';

const [small, , gemini] = EMBEDDING_MODELS;

describe('embedding calls', () => {
  it("KB20-KB21: OpenAI's /embeddings with the key and the shortened length", () => {
    const call = buildEmbeddingCall({ model: small, baseUrl: 'https://api.openai.com/v1/', apiKey: 'sk-1' }, [
      'a',
      'b',
    ]);
    expect(call.url).toBe('https://api.openai.com/v1/embeddings');
    expect(call.headers.authorization).toBe('Bearer sk-1');
    expect(JSON.parse(call.body)).toEqual({
      model: 'text-embedding-3-small',
      input: ['a', 'b'],
      encoding_format: 'float',
      dimensions: 512,
    });
  });

  it("KB20: Gemini's batchEmbedContents, documents and queries told apart", () => {
    const target = {
      model: gemini,
      baseUrl: 'https://generativelanguage.googleapis.com/v1beta',
      apiKey: 'g',
    };
    const call = buildEmbeddingCall(target, ['a']);
    expect(call.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-embedding-001:batchEmbedContents',
    );
    expect(call.headers['x-goog-api-key']).toBe('g');
    expect(JSON.parse(call.body).requests[0]).toEqual({
      model: 'models/gemini-embedding-001',
      content: { parts: [{ text: 'a' }] },
      taskType: 'RETRIEVAL_DOCUMENT',
      outputDimensionality: 768,
    });
    expect(JSON.parse(buildQueryEmbeddingCall(target, 'q').body).requests[0].taskType).toBe(
      'RETRIEVAL_QUERY',
    );
  });

  it("KB20: Ollama's /api/embed without a key, and no length asked of an endpoint's model", () => {
    const call = buildEmbeddingCall(
      { model: endpointEmbeddingModel('ollama', 'nomic-embed-text'), baseUrl: 'http://localhost:11434' },
      ['a'],
    );
    expect(call.url).toBe('http://localhost:11434/api/embed');
    expect(call.headers.authorization).toBeUndefined();
    expect(JSON.parse(call.body)).toEqual({ model: 'nomic-embed-text', input: ['a'] });
  });

  it('KB23: reads each format in input order and refuses a wrong count or shape', () => {
    const openai = {
      data: [
        { index: 1, embedding: [0, 1] },
        { index: 0, embedding: [1, 0] },
      ],
      usage: { prompt_tokens: 7 },
    };
    expect(readEmbeddingAnswer('openai', openai, 2)).toEqual({
      vectors: [
        [1, 0],
        [0, 1],
      ],
      tokens: 7,
    });
    expect(readEmbeddingAnswer('gemini', { embeddings: [{ values: [1, 2] }] }, 1).vectors).toEqual([[1, 2]]);
    expect(readEmbeddingAnswer('ollama', { embeddings: [[3, 4]], prompt_eval_count: 2 }, 1).tokens).toBe(2);
    expect(() => readEmbeddingAnswer('openai', openai, 3)).toThrow(EmbeddingAnswerError);
    expect(() => readEmbeddingAnswer('gemini', { error: {} }, 1)).toThrow(EmbeddingAnswerError);
    expect(() => readEmbeddingAnswer('ollama', { embeddings: [[1], [1, 2]] }, 2)).toThrow(/lengths/);
  });

  it('KB22: batches by count and by characters', () => {
    const items = ['aaaa', 'bb', 'cccccc', 'd', 'e'];
    expect(embeddingBatches(items, (s) => s, 2)).toEqual([['aaaa', 'bb'], ['cccccc', 'd'], ['e']]);
    expect(embeddingBatches(items, (s) => s, 10, 7)).toEqual([['aaaa', 'bb'], ['cccccc', 'd'], ['e']]);
  });

  it("KB25: waits the provider's Retry-After, else doubles from 1 s, and gives up after five tries", () => {
    expect(embeddingRetryDelay(1, '3', 0)).toBe(3000);
    expect(embeddingRetryDelay(1, new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect([1, 2, 3, 4].map((attempt) => embeddingRetryDelay(attempt, null, 0))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
    expect(embeddingRetryDelay(2, '999', 0)).toBe(30_000);
    expect(embeddingRetryDelay(5, null, 0)).toBeUndefined();
  });

  it('KB26: cost by the million tokens; vectors to unit length', () => {
    expect(embeddingCost(small, 1_000_000)).toBeCloseTo(0.02);
    expect(Array.from(normalise([3, 4]))).toEqual([expect.closeTo(0.6), expect.closeTo(0.8)]);
  });
});
