import { MODEL_SETTING_DEFAULT_KEYS } from '@parley/core/chat';
import type { ChatModelSettingKey } from '@parley/core/entities';

/**
 * The numeric model settings: per-chat key, the synced default behind it, and the range the form
 * offers (inside the range the Chat entity accepts for `modelSettings`).
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
  min: number;
  max: number;
  step: number;
  integer: boolean;
  /** What an empty field means when there is no default either. */
  emptyMeansKey: 'modelSettings.providerDefault' | 'modelSettings.all';
};

const fields: readonly Omit<NumberSettingField, 'defaultKey'>[] = [
  {
    key: 'temperature',
    labelKey: 'modelSettings.temperature',
    hintKey: 'modelSettings.temperatureHint',
    min: 0,
    max: 2,
    step: 0.1,
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'presencePenalty',
    labelKey: 'modelSettings.presencePenalty',
    hintKey: 'modelSettings.penaltyHint',
    min: -2,
    max: 2,
    step: 0.1,
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'frequencyPenalty',
    labelKey: 'modelSettings.frequencyPenalty',
    hintKey: 'modelSettings.penaltyHint',
    min: -2,
    max: 2,
    step: 0.1,
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'topP',
    labelKey: 'modelSettings.topP',
    min: 0,
    max: 1,
    step: 0.05,
    integer: false,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'topK',
    labelKey: 'modelSettings.topK',
    min: 1,
    max: 500,
    step: 1,
    integer: true,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'maxTokens',
    labelKey: 'modelSettings.maxTokens',
    hintKey: 'modelSettings.maxTokensHint',
    min: 1,
    max: 1_000_000,
    step: 1,
    integer: true,
    emptyMeansKey: 'modelSettings.providerDefault',
  },
  {
    key: 'contextLimit',
    labelKey: 'modelSettings.contextLimit',
    hintKey: 'modelSettings.contextLimitHint',
    min: 1,
    max: 100_000,
    step: 1,
    integer: true,
    emptyMeansKey: 'modelSettings.all',
  },
];

/** Field text → value: '' is null (use the default); otherwise a number clamped to the range. Undefined: not a number. */
export function parseSettingInput(
  text: string,
  field: Pick<NumberSettingField, 'min' | 'max' | 'integer'>,
): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return undefined;
  const clamped = Math.min(field.max, Math.max(field.min, value));
  return field.integer ? Math.round(clamped) : clamped;
}

export const numberSettingFields: readonly NumberSettingField[] = fields.map((field) => ({
  ...field,
  defaultKey: MODEL_SETTING_DEFAULT_KEYS[field.key],
}));
