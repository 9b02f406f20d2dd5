import { formatContextLength, formatPricePer1M, type ModelDescriptor } from '@parley/core/models';
import type { TFunction } from 'i18next';

/** What a model's option says under its title: context length and price (MD1). */
export type ModelFactsText = { readonly context: string; readonly price: string };

const cache = new WeakMap<ModelDescriptor, { language: string; facts: ModelFactsText }>();

/**
 * The facts of a model, worded once per model and language: a list of thousands re-renders its
 * visible options at each keystroke and scroll, and formatting them was most of that work.
 */
export function modelFactsText(model: ModelDescriptor, t: TFunction, language: string): ModelFactsText {
  const cached = cache.get(model);
  if (cached?.language === language) return cached.facts;
  const facts = {
    context: t('modelPicker.contextLength', { tokens: formatContextLength(model.contextLength, language) }),
    price: model.pricing
      ? t('modelPicker.price', {
          prompt: formatPricePer1M(model.pricing.prompt),
          completion: formatPricePer1M(model.pricing.completion),
        })
      : t('modelPicker.noPrice'),
  };
  cache.set(model, { language, facts });
  return facts;
}
