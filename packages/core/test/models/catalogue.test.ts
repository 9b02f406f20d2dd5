import { describe, expect, it } from 'vitest';
import { defaultModelId, findModel, modelCatalogue, titleModelFor } from '../../src/models/catalogue';
import { parseCustomModel } from '../../src/models/model-descriptor';

describe('catalogue', () => {
  it('CT1 new chats default to a current model; the spec default gpt-4-turbo stays for old chats', () => {
    expect(defaultModelId).toBe('gpt-5.1');
    expect(findModel(defaultModelId)?.contextLength).toBe(400000);
    expect(findModel(defaultModelId)?.retired).toBeUndefined();
    expect(findModel('gpt-4-turbo')).toMatchObject({
      contextLength: 128000,
      pricing: { prompt: 0.01, completion: 0.03 },
      retired: true,
    });
  });

  it('CT8 the spec models stay for old chats but are retired from the picker', () => {
    for (const id of ['gpt-4', 'claude-3-opus', 'claude-2', 'gemini-1.5-pro', 'gemini-1.0-pro']) {
      expect(findModel(id)?.retired, id).toBe(true);
    }
    const current = modelCatalogue.filter((model) => !model.retired).map((model) => model.id);
    expect(current).toEqual(expect.arrayContaining(['gpt-5.1', 'claude-sonnet-4-5', 'gemini-2.5-pro']));
    expect(findModel('claude-sonnet-4-5')).toMatchObject({
      modelID: 'claude-sonnet-4-5-20250929',
      pricing: { prompt: 0.003, completion: 0.015 },
    });
  });

  it('CT2 no catalogue model charges more per prompt token than per completion token', () => {
    // Every provider prices output above input; a catalogue entry that does not is a typo.
    for (const model of modelCatalogue) {
      if (!model.pricing) continue;
      expect(model.pricing.prompt, model.id).toBeLessThanOrEqual(model.pricing.completion);
    }
  });

  it('CT2 spec section 9 context lengths and prices', () => {
    const facts: [string, number, number | undefined, number | undefined][] = [
      ['gpt-4', 8192, 0.03, 0.06],
      ['gpt-4-32k', 32000, undefined, undefined],
      ['gpt-3.5-turbo', 16000, 0.0005, 0.0015],
      ['gpt-4o', 128000, undefined, undefined],
      ['gpt-4o-mini', 128000, undefined, undefined],
      ['claude-3-opus', 200000, 0.015, 0.075],
      ['claude-3-sonnet', 200000, 0.003, 0.015],
      // The spec's 0.0025 is a slipped decimal (decision 0028): Anthropic lists $0.25 per million.
      ['claude-3-haiku', 200000, 0.00025, 0.00125],
      ['claude-2.1', 200000, undefined, undefined],
      ['claude-2', 100000, undefined, undefined],
      ['gemini-1.5-pro', 1048576, undefined, undefined],
      ['gemini-1.0-pro', 30720, undefined, undefined],
    ];
    for (const [id, context, prompt, completion] of facts) {
      const model = findModel(id);
      expect(model?.contextLength, id).toBe(context);
      if (prompt !== undefined) expect(model?.pricing, id).toEqual({ prompt, completion });
    }
  });

  it('CT3 vision preview is vision-capable and capped at 1000 output tokens', () => {
    expect(findModel('gpt-4-vision-preview')).toMatchObject({ visionSupported: true, maxTokensCap: 1000 });
  });

  it('CT4 ids are unique and every fastCheapFallback is a model of the same provider', () => {
    const ids = modelCatalogue.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const model of modelCatalogue) {
      const fallback = model.fastCheapFallback ? findModel(model.fastCheapFallback) : undefined;
      expect(fallback?.provider, model.id).toBe(model.provider);
    }
  });

  it('CT5 OpenRouter models use the OpenAI wire format and provider openrouter', () => {
    const openrouter = modelCatalogue.filter((m) => m.provider === 'openrouter');
    expect(openrouter.length).toBeGreaterThanOrEqual(2);
    for (const model of openrouter) expect([model.apiType, model.id.includes('/')]).toEqual(['openai', true]);
  });

  it('CT6 findModel looks in the catalogue, then the custom models', () => {
    const custom = parseCustomModel({ id: 'my-model', modelID: 'x' });
    expect(findModel('my-model', [custom])).toBe(custom);
    expect(findModel('my-model')).toBeUndefined();
    expect(findModel('gpt-4', [parseCustomModel({ id: 'gpt-4', modelID: 'shadow' })])?.modelID).toBe('gpt-4');
  });

  it('CT7 titles use the fast, cheap model of the same provider', () => {
    // Title requests send temperature and max_tokens: the fallbacks are models that accept both.
    expect(titleModelFor(findModel('claude-3-opus')!).id).toBe('claude-haiku-4-5');
    expect(titleModelFor(findModel('gpt-5.1')!).id).toBe('gpt-4.1-mini');
    expect(titleModelFor(findModel('gemini-3-pro-preview')!).id).toBe('gemini-2.5-flash-lite');
    const lonely = parseCustomModel({ id: 'solo', modelID: 'x' });
    expect(titleModelFor(lonely)).toBe(lonely);
  });
});
