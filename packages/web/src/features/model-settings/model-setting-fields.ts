import { MODEL_SETTING_DEFAULT_KEYS } from '@parley/core/chat';
import type { ChatModelSettingKey } from '@parley/core/entities';
import {
  maxTokensRange,
  modelSettingRanges,
  type ModelDescriptor,
  type SamplingSettingKey,
  type SettingRange,
} from '@parley/core/models';

/**
 * The numeric model settings shown as sliders: per-chat key, the synced default behind it, and the
 * range, which is the chat model's provider's (core RC4/RC5: temperature 0–1 for Anthropic, max
 * tokens up to the model's output limit...) or, for the defaults, the widest any provider takes.
 * Every range lies inside what the Chat entity accepts for `modelSettings`.
 */

/** The per-chat settings that are numbers with a fixed meaning (the reasoning ones have their own controls). */
export type NumberSettingKey = Exclude<
  ChatModelSettingKey,
  'stream' | 'reasoningEffort' | 'thinkingBudget' | 'verbosity'
>;

export type NumberSettingField = {
  key: NumberSettingKey;
  /** The synced default behind it: core's list of default keys (RQ2). */
  defaultKey: (typeof MODEL_SETTING_DEFAULT_KEYS)[NumberSettingKey];
  labelKey:
    | 'modelSettings.temperature'
    | 'modelSettings.presencePenalty'
    | 'modelSettings.frequencyPenalty'
    | 'modelSettings.topP'
    | 'modelSettings.topK'
    | 'modelSettings.maxTokens'
    | 'modelSettings.contextLimit';
  hintKey?:
    | 'modelSettings.temperatureHint'
    | 'modelSettings.penaltyHint'
    | 'modelSettings.maxTokensHint'
    | 'modelSettings.contextLimitHint';
  integer: boolean;
  /** What an empty field means when there is no default either. */
  emptyMeansKey: 'modelSettings.providerDefault' | 'modelSettings.all';
  /** Where the slider rests while neither the chat nor the defaults set a value. */
  resting: number;
  /** The slider's top when the typed range is far wider than a slider can show (context limit). */
  sliderMax?: number;
};

/** A setting's range for a model (undefined: its provider takes no such setting, so it is not shown). */
export function rangeOf(
  field: NumberSettingField,
  model: ModelDescriptor | undefined,
): SettingRange | undefined {
  if (field.key === 'contextLimit') return CONTEXT_LIMIT_RANGE;
  if (field.key === 'maxTokens') return maxTokensRange(model);
  return modelSettingRanges(model)[field.key satisfies SamplingSettingKey];
}

/** How many messages a request sends at most (CX3): any count, the slider showing the first hundred. */
const CONTEXT_LIMIT_RANGE: SettingRange = { min: 1, max: 100_000, step: 1 };

const fields: readonly Omit<NumberSettingField, 'defaultKey'>[] = [
  {
    key: 'temperature',
    labelKey: 'modelSettings.temperature',
    hintKey: 'modelSettings.temperatureHint',
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 1,
  },
  {
    key: 'topP',
    labelKey: 'modelSettings.topP',
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 1,
  },
  {
    key: 'presencePenalty',
    labelKey: 'modelSettings.presencePenalty',
    hintKey: 'modelSettings.penaltyHint',
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 0,
  },
  {
    key: 'frequencyPenalty',
    labelKey: 'modelSettings.frequencyPenalty',
    hintKey: 'modelSettings.penaltyHint',
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 0,
  },
  {
    key: 'topK',
    labelKey: 'modelSettings.topK',
    integer: true,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 40,
  },
  {
    key: 'maxTokens',
    labelKey: 'modelSettings.maxTokens',
    hintKey: 'modelSettings.maxTokensHint',
    integer: true,
    emptyMeansKey: 'modelSettings.providerDefault',
    resting: 4096,
  },
  {
    key: 'contextLimit',
    labelKey: 'modelSettings.contextLimit',
    hintKey: 'modelSettings.contextLimitHint',
    integer: true,
    emptyMeansKey: 'modelSettings.all',
    resting: 100,
    sliderMax: 100,
  },
];

/** Field text → value: '' is null (use the default); otherwise a number clamped to the range. Undefined: not a number. */
export function parseSettingInput(
  text: string,
  range: Pick<SettingRange, 'min' | 'max'> & { integer: boolean },
): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return undefined;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  return range.integer ? Math.round(clamped) : clamped;
}

/** A slider position as a value: its step's rounding noise removed (0.1 + 0.2 is not 0.30000000000000004). */
export function sliderValue(raw: string, range: SettingRange): number {
  const decimals = String(range.step).split('.')[1]?.length ?? 0;
  return Number(Number(raw).toFixed(decimals));
}

export const numberSettingFields: readonly NumberSettingField[] = fields.map((field) => ({
  ...field,
  defaultKey: MODEL_SETTING_DEFAULT_KEYS[field.key],
}));
