import { describe, expect, it } from 'vitest';
import {
  anthropicPageParser,
  compatiblePageParser,
  geminiPageParser,
  looksChatCapable,
  openRouterPageParser,
  type ParsedPage,
} from '../../src/model-lists';
import * as bodies from './fixtures';

function page(result: ParsedPage | { issue: string }): ParsedPage {
  if ('issue' in result) throw new Error(result.issue);
  return result;
}

describe('model list parsers', () => {
  it('ML3/ML4 OpenAI: ids and dates; embeddings, speech, images, realtime, moderation, search are not chat', () => {
    const { entries } = page(compatiblePageParser('openai')(bodies.openaiBody));
    expect(entries.filter((e) => e.chat).map((e) => e.id)).toEqual(['gpt-5.1', 'o4-mini']);
    expect(entries).toHaveLength(12);
    expect(entries[0]).toMatchObject({
      provider: 'openai',
      name: 'gpt-5.1',
      created: '2025-11-10T18:40:00.000Z',
    });
  });

  it('ML3 Anthropic: display names, creation dates and the next cursor while has_more', () => {
    const first = page(anthropicPageParser(bodies.anthropicPage1));
    expect(first.next).toBe('claude-sonnet-4-5-20250929');
    expect(first.entries[0]).toMatchObject({
      id: 'claude-opus-4-5-20251101',
      name: 'Claude Opus 4.5',
      provider: 'anthropic',
      created: '2025-11-24T00:00:00Z',
      chat: true,
    });
    expect(page(anthropicPageParser(bodies.anthropicPage2)).next).toBeUndefined();
  });

  it('ML3 Gemini: models/ prefix dropped, inputTokenLimit, only generateContent models chat', () => {
    const first = page(geminiPageParser(bodies.geminiPage1));
    expect(first.next).toBe(bodies.geminiPage1.nextPageToken);
    expect(first.entries[0]).toMatchObject({
      id: 'gemini-2.5-pro',
      contextLength: 1048576,
      reasoning: true,
      chat: true,
    });
    expect(first.entries[1]).toMatchObject({ id: 'text-embedding-004', chat: false });
    const second = page(geminiPageParser(bodies.geminiPage2));
    expect(second.entries.map((e) => [e.id, e.chat])).toEqual([
      ['gemini-2.5-flash', true],
      ['imagen-4.0-generate-001', false],
      ['gemini-2.5-flash-preview-tts', false],
    ]);
  });

  it('ML3 OpenRouter: string prices per token become per million; modalities and parameters', () => {
    const { entries } = page(openRouterPageParser(bodies.openRouterBody));
    expect(entries[0]).toMatchObject({
      id: 'openai/gpt-5',
      contextLength: 400000,
      pricing: { promptPerMillion: 1.25, completionPerMillion: 10 },
      vision: true,
      tools: true,
      reasoning: true,
      chat: true,
    });
    // A variable price ("-1") is no price, not a negative one.
    expect(entries.find((e) => e.id === 'openrouter/auto')?.pricing).toBeUndefined();
    expect(entries.find((e) => e.id.startsWith('meta-llama'))).toMatchObject({
      vision: false,
      tools: false,
      pricing: { promptPerMillion: 0, completionPerMillion: 0 },
    });
    expect(entries.find((e) => e.id === 'google/gemini-2.5-flash-image')?.chat).toBe(false);
  });

  it('ML3 output limits and reasoning: Anthropic max_tokens and thinking types, Gemini, OpenRouter (RC1)', () => {
    const anthropic = page(
      anthropicPageParser({
        data: [
          {
            id: 'claude-sonnet-4-5-20250929',
            display_name: 'Claude Sonnet 4.5',
            max_input_tokens: 200000,
            max_tokens: 64000,
            capabilities: {
              thinking: {
                supported: true,
                types: { enabled: { supported: true }, adaptive: { supported: false } },
              },
            },
          },
          // Thinking only of the adaptive kind: no budget to send, so no reasoning controls.
          {
            id: 'claude-next',
            capabilities: {
              thinking: {
                supported: true,
                types: { enabled: { supported: false }, adaptive: { supported: true } },
              },
            },
          },
          { id: 'claude-3-haiku-20240307', capabilities: null },
          { id: 'claude-odd', max_tokens: 'lots', capabilities: { thinking: 'yes' } },
        ],
        has_more: false,
      }),
    ).entries;
    expect(anthropic.map((e) => [e.id, e.maxOutputTokens, e.reasoning])).toEqual([
      ['claude-sonnet-4-5-20250929', 64000, true],
      ['claude-next', undefined, false],
      ['claude-3-haiku-20240307', undefined, undefined],
      ['claude-odd', undefined, undefined],
    ]);
    const gemini = page(
      geminiPageParser({
        models: [
          {
            name: 'models/gemini-2.5-flash',
            outputTokenLimit: 65536,
            thinking: true,
            supportedGenerationMethods: ['generateContent'],
          },
        ],
      }),
    ).entries;
    expect(gemini[0]).toMatchObject({ maxOutputTokens: 65536, reasoning: true });
    const router = page(
      openRouterPageParser({
        data: [
          {
            id: 'anthropic/claude-sonnet-4.5',
            top_provider: { context_length: 1000000, max_completion_tokens: 64000, is_moderated: false },
            supported_parameters: ['max_tokens', 'reasoning', 'include_reasoning'],
          },
          {
            id: 'openai/gpt-4.1-mini',
            top_provider: { max_completion_tokens: null },
            supported_parameters: [],
          },
        ],
      }),
    ).entries;
    expect(router.map((e) => [e.maxOutputTokens, e.reasoning])).toEqual([
      [64000, true],
      [undefined, false],
    ]);
  });

  it('ML3 compatible servers: vLLM max_model_len, llama.cpp meta.n_ctx_train, LM Studio kind, Ollama plain', () => {
    const custom = compatiblePageParser('custom');
    expect(page(custom(bodies.vllmBody)).entries[0]).toMatchObject({
      id: 'Qwen/Qwen3-8B',
      contextLength: 32768,
    });
    expect(page(custom(bodies.llamaCppBody)).entries[0]).toMatchObject({ contextLength: 131072, chat: true });
    const lm = page(custom(bodies.lmStudioBody)).entries;
    expect(lm.map((e) => [e.id, e.chat, e.vision, e.contextLength])).toEqual([
      ['qwen2-vl-7b-instruct', true, true, 32768],
      ['text-embedding-nomic-embed-text-v1.5', false, undefined, 2048],
    ]);
    const ollama = page(custom(bodies.ollamaBody)).entries;
    expect(ollama.map((e) => [e.id, e.chat, e.contextLength])).toEqual([
      ['llama3.2:latest', true, undefined],
      ['nomic-embed-text:latest', false, undefined],
    ]);
    // Ollama's native /api/tags shape.
    const tags = page(custom({ models: [{ name: 'qwen3:8b', model: 'qwen3:8b', size: 5 }] })).entries;
    expect(tags.map((e) => e.id)).toEqual(['qwen3:8b']);
  });

  it('ML2 wrong types: the outer shape fails, a bad entry is skipped and counted', () => {
    expect(compatiblePageParser('openai')({ data: 'nope' })).toHaveProperty('issue');
    expect(compatiblePageParser('openai')([1, 2])).toHaveProperty('issue');
    expect(anthropicPageParser({ models: [] })).toHaveProperty('issue');
    expect(openRouterPageParser(null)).toHaveProperty('issue');
    const mixed = page(
      compatiblePageParser('openai')({ data: [{ id: 'gpt-5' }, { id: 42 }, null, { name: 'x' }] }),
    );
    expect([mixed.entries.map((e) => e.id), mixed.skipped]).toEqual([['gpt-5'], 3]);
    // A wrongly typed optional field costs the field, not the model.
    const odd = page(openRouterPageParser({ data: [{ id: 'a/b', context_length: 'big', pricing: 7 }] }));
    expect(odd.entries[0]).toMatchObject({ id: 'a/b', contextLength: undefined, pricing: undefined });
  });

  it('ML4 chat filter keeps chat models whose names merely contain a syllable of the filtered kinds', () => {
    for (const id of [
      'gpt-5.1',
      'claude-opus-4-5',
      'gemini-2.5-flash-lite',
      'qwen2.5-coder:7b',
      'o3-deep-reason',
    ]) {
      expect(looksChatCapable(id), id).toBe(true);
    }
    for (const id of [
      'text-embedding-3-large',
      'tts-1-hd',
      'gpt-4o-mini-transcribe',
      'gemini-2.0-flash-live-001',
      'sora-2',
      'veo-3.0-generate-001',
    ]) {
      expect(looksChatCapable(id), id).toBe(false);
    }
  });
});
