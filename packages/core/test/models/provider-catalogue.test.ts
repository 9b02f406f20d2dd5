import { describe, expect, it } from 'vitest';
import { pageParserFor } from '../../src/model-lists';
import {
  apiTypes,
  keyedProviderIds,
  listedProviderIds,
  providerCatalogue,
  providerEndpoints,
  providerIds,
  providerEntry,
  providerLists,
  type ProviderEntry,
} from '../../src/models';
import { defaultEndpoints } from '../../src/providers';
import { audioEndpoint } from '../../src/voice';

/** A provider the app does not have, added the way a new one is: one entry, one line in the list. */
const mistral = {
  id: 'mistral',
  name: 'Mistral',
  endpoint: 'https://api.mistral.ai/v1',
  key: { prefix: '' },
  dialect: 'openai',
  modelList: 'openai-compatible',
  listed: true,
  capabilities: ['vision', 'tools', 'embeddings'],
} as const satisfies ProviderEntry;

describe('the provider registry builds every list of providers the app reads', () => {
  it('lists the providers once, in order, with keys, live lists and endpoints from their entries', () => {
    expect(providerIds).toEqual(['openai', 'anthropic', 'gemini', 'openrouter', 'custom']);
    // Custom models keep their key in their own header rows and are listed only on request.
    expect(keyedProviderIds).toEqual(['openai', 'anthropic', 'gemini', 'openrouter']);
    expect(listedProviderIds).toEqual(['openai', 'anthropic', 'gemini', 'openrouter']);
    expect(providerEndpoints.anthropic).toBe('https://api.anthropic.com/v1');
    expect(defaultEndpoints).toBe(providerEndpoints);
    // Voice input and reading aloud fall back to the registry's OpenAI endpoint.
    expect(audioEndpoint('')).toBe(providerEndpoints.openai);
    expect(providerEntry('openai').capabilities).toEqual(
      expect.arrayContaining(['speechToText', 'textToSpeech']),
    );
  });

  it('gives each provider a known dialect and a model-list reader', () => {
    for (const entry of providerCatalogue) {
      expect(apiTypes).toContain(entry.dialect);
      expect(typeof pageParserFor(entry.id)).toBe('function');
    }
  });

  it('adds a provider to every app-facing list with one entry and one line', () => {
    const lists = providerLists([...providerCatalogue, mistral] as const);
    expect(lists.ids).toEqual(['openai', 'anthropic', 'gemini', 'openrouter', 'custom', 'mistral']);
    expect(lists.keyed).toEqual(['openai', 'anthropic', 'gemini', 'openrouter', 'mistral']);
    expect(lists.listed).toContain('mistral');
    expect(lists.endpoints.mistral).toBe('https://api.mistral.ai/v1');
    expect(lists.names.mistral).toBe('Mistral');
  });
});
