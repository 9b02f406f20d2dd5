import {
  compatibleBaseFromEndpoint,
  indexOpenRouter,
  resolveMetadata,
  type ModelListEntry,
} from '@parley/core/model-lists';
import { CustomModelSchema } from '@parley/core/models';
import type { CustomModel } from './custom-model-draft';

/**
 * Fetch models: what a custom endpoint's /models lists, turned into custom models. Context and
 * capabilities come from the list, else OpenRouter's list (never its price: MD3), else 2048.
 */
export function customModelsFromList(input: {
  readonly entries: readonly ModelListEntry[];
  readonly endpoint: string;
  readonly apiKey: string;
  readonly openRouter: readonly ModelListEntry[];
  readonly newId: () => string;
}): CustomModel[] {
  const base = compatibleBaseFromEndpoint(input.endpoint);
  const router = indexOpenRouter(input.openRouter);
  return input.entries.map((entry) => {
    const meta = resolveMetadata({ ...entry, provider: 'custom' }, router, undefined);
    const key = input.apiKey.trim();
    return CustomModelSchema.parse({
      id: input.newId(),
      modelID: entry.id,
      title: entry.name || entry.id,
      endpoint: `${base}/chat/completions`,
      apiType: 'openai',
      provider: 'custom',
      source: 'custom',
      contextLength: meta.contextLength,
      visionSupported: meta.vision ?? false,
      pluginSupported: meta.tools ?? false,
      skipAPIKey: key ? undefined : true,
      headerRows: key ? [{ key: 'Authorization', value: `Bearer ${key}` }] : [],
      bodyRows: [],
    });
  });
}
