import type { ApiType, ModelDescriptor, ProviderId } from '../models/model-descriptor';
import { anthropicDialect } from './anthropic-dialect';
import { geminiDialect } from './gemini-dialect';
import { OPENROUTER_ENDPOINT, openAIDialect, setappDialect } from './openai-dialect';
import type { ProviderDialect } from './provider-dialect';

/**
 * The one place that knows which wire format each apiType speaks. A new format is one dialect
 * file and one line here; `satisfies` makes the compiler ask for the line once the apiType is
 * added to `apiTypes` (models/model-descriptor.ts).
 */
export const providerDialects = {
  openai: openAIDialect,
  setapp: setappDialect,
  claude: anthropicDialect,
  gemini: geminiDialect,
} satisfies Record<ApiType, ProviderDialect>;

export function dialectOf(model: Pick<ModelDescriptor, 'apiType'>): ProviderDialect {
  return providerDialects[model.apiType];
}

/**
 * Who serves a model decides its default base URL (and, in the web app, its key): each vendor at
 * its own dialect's endpoint, OpenRouter at its own; a custom model carries its full URL.
 */
export const defaultEndpoints: Readonly<Record<ProviderId, string>> = {
  openai: providerDialects.openai.defaultEndpoint,
  anthropic: providerDialects.claude.defaultEndpoint,
  gemini: providerDialects.gemini.defaultEndpoint,
  openrouter: OPENROUTER_ENDPOINT,
  custom: '',
};

export function defaultEndpoint(model: Pick<ModelDescriptor, 'provider'>): string {
  return defaultEndpoints[model.provider];
}
