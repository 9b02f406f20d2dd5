import type { ApiType, ModelDescriptor } from '../models';
import { anthropicDialect } from './anthropic-dialect';
import { geminiDialect } from './gemini-dialect';
import { openAIDialect, setappDialect } from './openai-dialect';
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
