import type { ModelDescriptor } from './model-descriptor';

/**
 * RC4/RC5: the range of each sampling setting a model's provider accepts, for the settings form's
 * sliders (decision 0071). A setting the provider does not take has no range: the form leaves it out
 * for that model, and the request builders never send it (PR6, PR15). The defaults (no model) get the
 * widest range any provider accepts; each request then brings its value into its model's range.
 */

export interface SettingRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
}

export type SamplingSettingKey =
  'temperature' | 'topP' | 'topK' | 'presencePenalty' | 'frequencyPenalty' | 'maxTokens';

export type ModelSettingRanges = Readonly<Record<SamplingSettingKey, SettingRange | undefined>>;

/** The largest output limit of the catalogue's models: the max-tokens slider's top without a model. */
export const WIDEST_OUTPUT_LIMIT = 128_000;

const temperatureWide: SettingRange = { min: 0, max: 2, step: 0.05 };
const temperatureAnthropic: SettingRange = { min: 0, max: 1, step: 0.05 };
const topP: SettingRange = { min: 0, max: 1, step: 0.05 };
const topK: SettingRange = { min: 1, max: 500, step: 1 };
const penalty: SettingRange = { min: -2, max: 2, step: 0.1 };

/** RC5: max tokens from 1 to the model's output limit (its hard cap, else its known limit). */
export function maxTokensRange(model: ModelDescriptor | undefined): SettingRange {
  const limit = model?.maxTokensCap ?? model?.maxOutputTokens ?? WIDEST_OUTPUT_LIMIT;
  return { min: 1, max: limit, step: 1 };
}

/**
 * RC4: temperature 0–2 (0–1 for Anthropic), top P 0–1, top K 1–500 where the provider takes it (not
 * OpenAI's own API), presence and frequency penalties −2…2 where they exist (not Anthropic).
 */
export function modelSettingRanges(model: ModelDescriptor | undefined): ModelSettingRanges {
  if (!model) {
    return {
      temperature: temperatureWide,
      topP,
      topK,
      presencePenalty: penalty,
      frequencyPenalty: penalty,
      maxTokens: maxTokensRange(undefined),
    };
  }
  const anthropic = model.apiType === 'claude';
  const openAIOwn = model.apiType === 'setapp' || (model.apiType === 'openai' && model.provider === 'openai');
  return {
    temperature: anthropic ? temperatureAnthropic : temperatureWide,
    topP,
    topK: openAIOwn ? undefined : topK,
    presencePenalty: anthropic ? undefined : penalty,
    frequencyPenalty: anthropic ? undefined : penalty,
    maxTokens: maxTokensRange(model),
  };
}
