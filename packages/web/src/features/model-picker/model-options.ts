import { modelCatalogue, type ModelDescriptor, type ProviderId } from '@parley/core/models';

/** The models the picker lists: catalogue then custom models, in the user's order, hidden ones left out. */

export type ModelGroup = { provider: ProviderId; models: ModelDescriptor[] };

const PROVIDER_ORDER: readonly ProviderId[] = ['openai', 'anthropic', 'gemini', 'openrouter', 'custom'];

export function listModels(options: {
  customModels: readonly ModelDescriptor[];
  order: readonly string[];
  hidden: readonly string[];
  /** Always listed, even when hidden (the open chat's model). */
  keep?: string | undefined;
}): ModelDescriptor[] {
  const hidden = new Set(options.hidden);
  const all = [
    ...modelCatalogue,
    ...options.customModels.filter((model) => !modelCatalogue.some((m) => m.id === model.id)),
  ];
  const visible = all.filter((model) => !hidden.has(model.id) || model.id === options.keep);
  const rank = new Map(options.order.map((id, index) => [id, index]));
  // Ordered ids first (in their order), then the rest as the catalogue lists them.
  return visible
    .map((model, index) => ({ model, index }))
    .sort(
      (a, b) =>
        (rank.get(a.model.id) ?? options.order.length + a.index) -
        (rank.get(b.model.id) ?? options.order.length + b.index),
    )
    .map((entry) => entry.model);
}

/** Groups by provider, keeping each group's order; custom models last. */
export function groupModels(models: readonly ModelDescriptor[]): ModelGroup[] {
  return PROVIDER_ORDER.map((provider) => ({
    provider,
    models: models.filter((model) => (model.source === 'custom' ? 'custom' : model.provider) === provider),
  })).filter((group) => group.models.length > 0);
}
