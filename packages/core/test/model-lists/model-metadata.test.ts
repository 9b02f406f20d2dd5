import { describe, expect, it } from 'vitest';
import { findModel, modelCatalogue } from '../../src/models';
import {
  buildModelDirectory,
  descriptorForEntry,
  indexOpenRouter,
  modelKey,
  openRouterPageParser,
  resolveMetadata,
  type ModelListEntry,
} from '../../src/model-lists';
import { openRouterBody } from './fixtures';

const router = (() => {
  const parsed = openRouterPageParser(openRouterBody);
  if ('issue' in parsed) throw new Error(parsed.issue);
  return parsed.entries;
})();
const index = indexOpenRouter(router);

function entry(over: Partial<ModelListEntry> & Pick<ModelListEntry, 'id' | 'provider'>): ModelListEntry {
  return { name: over.id, chat: true, ...over };
}

describe('metadata precedence', () => {
  it('MD2 ids from different providers meet on one key', () => {
    expect(modelKey('anthropic/claude-sonnet-4.5')).toBe(modelKey('claude-sonnet-4-5-20250929'));
    expect(modelKey('openai/gpt-5')).toBe(modelKey('gpt-5'));
    expect(modelKey('google/gemini-2.5-pro')).toBe(modelKey('models/gemini-2.5-pro'));
    expect(modelKey('openai/gpt-4o-2024-08-06')).toBe('gpt-4o');
    expect(modelKey('meta-llama/llama-3.3-70b-instruct:free')).toBe('llama-3-3-70b-instruct');
    expect(modelKey('claude-3-5-haiku-latest')).toBe('claude-3-5-haiku');
  });

  it('MD2 an undated OpenRouter id wins over a dated snapshot', () => {
    const both = indexOpenRouter([
      entry({ id: 'openai/gpt-4o-2024-05-13', provider: 'openrouter', contextLength: 1 }),
      entry({ id: 'openai/gpt-4o', provider: 'openrouter', contextLength: 2 }),
      entry({ id: 'openai/gpt-4o-2024-11-20', provider: 'openrouter', contextLength: 3 }),
    ]);
    expect(both.get('gpt-4o')?.contextLength).toBe(2);
  });

  it('MD1 the provider list first, then OpenRouter, then the catalogue, then the defaults', () => {
    // Anthropic's list carries no context or price: OpenRouter's fill them.
    const sonnet = resolveMetadata(
      entry({ id: 'claude-sonnet-4-5-20250929', provider: 'anthropic' }),
      index,
      undefined,
    );
    expect(sonnet).toMatchObject({
      contextLength: 1000000,
      contextKnown: true,
      pricing: { prompt: 0.003, completion: 0.015 },
      vision: true,
    });
    // Gemini's own inputTokenLimit wins over OpenRouter's.
    const pro = resolveMetadata(
      entry({ id: 'gemini-2.5-pro', provider: 'gemini', contextLength: 999 }),
      index,
      undefined,
    );
    expect(pro.contextLength).toBe(999);
    // Not on OpenRouter: the catalogue.
    const haiku = resolveMetadata(
      entry({ id: 'claude-haiku-4-5-20251001', provider: 'anthropic' }),
      index,
      findModel('claude-haiku-4-5'),
    );
    expect(haiku).toMatchObject({ contextLength: 200000, pricing: { prompt: 0.001, completion: 0.005 } });
    // Nowhere: context 2048 and no price.
    const unknown = resolveMetadata(
      entry({ id: 'gpt-9-experimental', provider: 'openai' }),
      index,
      undefined,
    );
    expect(unknown).toMatchObject({ contextLength: 2048, contextKnown: false, pricing: undefined });
  });

  it('MD1 reasoning and the output limit: the list, then OpenRouter, then the catalogue (RC1)', () => {
    const catalogueMatch = findModel('gpt-5.1');
    // OpenAI's list carries ids only: OpenRouter's facts for the same model come next.
    const routerFacts = indexOpenRouter([
      entry({ id: 'openai/gpt-5.1', provider: 'openrouter', reasoning: true, maxOutputTokens: 128000 }),
    ]);
    expect(
      resolveMetadata(entry({ id: 'gpt-5.1', provider: 'openai' }), routerFacts, catalogueMatch),
    ).toMatchObject({ reasoning: true, maxOutputTokens: 128000 });
    // Without OpenRouter's list, the catalogue's flag.
    const none = indexOpenRouter([]);
    expect(resolveMetadata(entry({ id: 'gpt-5.1', provider: 'openai' }), none, catalogueMatch)).toMatchObject(
      {
        reasoning: true,
        maxOutputTokens: 128000,
      },
    );
    // The provider's own list wins over both.
    const own = entry({
      id: 'gemini-2.5-flash',
      provider: 'gemini',
      reasoning: false,
      maxOutputTokens: 8192,
    });
    expect(resolveMetadata(own, none, findModel('gemini-2.5-flash'))).toMatchObject({
      reasoning: false,
      maxOutputTokens: 8192,
    });
    // A listed model the catalogue does not know carries the list's facts into its descriptor.
    const fresh = descriptorForEntry(
      entry({ id: 'claude-next-1', provider: 'anthropic', reasoning: true, maxOutputTokens: 64000 }),
      none,
      modelCatalogue,
    );
    expect(fresh).toMatchObject({ reasoningSupported: true, maxOutputTokens: 64000, apiType: 'claude' });
    expect(
      descriptorForEntry(entry({ id: 'mystery', provider: 'openai' }), none, modelCatalogue),
    ).not.toHaveProperty('reasoningSupported');
  });

  it('MD3 a self-hosted model takes OpenRouter context but never its price', () => {
    const local = resolveMetadata(entry({ id: 'gpt-5', provider: 'custom' }), index, undefined);
    expect(local).toMatchObject({ contextLength: 400000, pricing: undefined });
  });

  it('MD4 a listed model the catalogue knows keeps its app id, is not retired, and gets the list facts', () => {
    const listed = descriptorForEntry(
      entry({ id: 'claude-3-haiku-20240307', provider: 'anthropic', name: 'Claude Haiku 3' }),
      index,
      modelCatalogue,
    );
    expect(listed).toMatchObject({
      id: 'claude-3-haiku',
      modelID: 'claude-3-haiku-20240307',
      apiType: 'claude',
    });
    expect(listed.retired).toBeUndefined();
    const fresh = descriptorForEntry(entry({ id: 'gpt-5', provider: 'openai' }), index, [], {
      openai: 'gpt-4.1-mini',
    });
    expect(fresh).toMatchObject({
      id: 'gpt-5',
      modelID: 'gpt-5',
      apiType: 'openai',
      contextLength: 400000,
      fastCheapFallback: 'gpt-4.1-mini',
    });
  });

  it('MD5 a provider with a live list shows it; one without shows the current catalogue; then custom', () => {
    const directory = buildModelDirectory({
      catalogue: modelCatalogue,
      customModels: [
        {
          id: 'local',
          modelID: 'llama',
          title: 'Local',
          contextLength: 2048,
          apiType: 'openai',
          provider: 'custom',
          source: 'custom',
        },
      ],
      lists: {
        openai: [
          entry({ id: 'gpt-5.1', provider: 'openai' }),
          entry({ id: 'whisper-1', provider: 'openai', chat: false }),
        ],
      },
      openRouterMetadata: router,
    });
    const ids = directory.map((d) => d.model.id);
    expect(ids.filter((id) => findModel(id)?.provider === 'openai' || id === 'whisper-1')).toEqual([
      'gpt-5.1',
    ]);
    expect(ids).toContain('claude-sonnet-4-5');
    expect(ids).not.toContain('claude-3-opus');
    expect(ids.at(-1)).toBe('local');
    const all = buildModelDirectory({
      catalogue: modelCatalogue,
      customModels: [],
      lists: { openai: [entry({ id: 'whisper-1', provider: 'openai', chat: false })] },
      showAll: true,
    });
    expect(all[0]).toMatchObject({ model: { id: 'whisper-1' }, chat: false, live: true });
  });
});
