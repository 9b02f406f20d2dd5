import type {
  Chat,
  ChatModelSettingKey,
  ChatModelSettings,
  SyncedSettingKey,
  SyncedSettings,
} from '../entities';
import type { ReasoningEffort, Verbosity } from '../models';

/**
 * Per-chat model settings over the synced defaults (RQ2). What a chat stores is the Chat entity's
 * typed `modelSettings` field (entities/chat-model-settings); this is how a request uses it.
 */

/**
 * Each per-chat setting and the synced setting that is its default: the one list of default keys
 * (the settings form in the web app reads it too).
 */
export const MODEL_SETTING_DEFAULT_KEYS = {
  temperature: 'defaultTemperature',
  presencePenalty: 'defaultPresencePenalty',
  frequencyPenalty: 'defaultFrequencyPenalty',
  topP: 'defaultTopP',
  topK: 'defaultTopK',
  maxTokens: 'defaultMaxTokens',
  contextLimit: 'defaultContextLimit',
  stream: 'streaming',
  reasoningEffort: 'defaultReasoningEffort',
  thinkingBudget: 'defaultThinkingBudget',
  verbosity: 'defaultVerbosity',
} as const satisfies Record<ChatModelSettingKey, SyncedSettingKey>;

export type ModelSettingDefaultKey = (typeof MODEL_SETTING_DEFAULT_KEYS)[ChatModelSettingKey];

/** The synced settings that provide the defaults (their names in SyncedSettings). */
export type ModelSettingDefaults = Pick<SyncedSettings, ModelSettingDefaultKey>;

/** What a request is sent with, after the chat's values and the defaults are combined. */
export interface EffectiveModelSettings {
  temperature: number | undefined;
  presencePenalty: number | undefined;
  frequencyPenalty: number | undefined;
  topP: number | undefined;
  topK: number | undefined;
  maxTokens: number | undefined;
  contextLimit: number | undefined;
  stream: boolean;
  /** As chosen; each request sends what its model accepts (RC2, RC3, PR23-PR26). */
  reasoningEffort: ReasoningEffort | undefined;
  thinkingBudget: number | undefined;
  verbosity: Verbosity | undefined;
}

/**
 * A copy of the chat with some of its own settings changed (null resets one to the default). Keys
 * this version does not know stay as they were.
 */
export function withChatModelSettings(chat: Chat, change: Partial<ChatModelSettings>): Chat {
  return { ...chat, modelSettings: { ...chat.modelSettings, ...change } };
}

function pick(own: number | null | undefined, fallback: number | null): number | undefined {
  if (typeof own === 'number') return own;
  return typeof fallback === 'number' ? fallback : undefined;
}

function pickChoice<T extends string>(own: T | null | undefined, fallback: T | null): T | undefined {
  if (typeof own === 'string') return own;
  return typeof fallback === 'string' ? fallback : undefined;
}

/** RQ2: the chat's own value, else the synced default, else unset. */
export function effectiveModelSettings(
  chatSettings: ChatModelSettings | undefined,
  defaults: ModelSettingDefaults,
): EffectiveModelSettings {
  const own = chatSettings ?? {};
  return {
    temperature: pick(own.temperature, defaults.defaultTemperature),
    presencePenalty: pick(own.presencePenalty, defaults.defaultPresencePenalty),
    frequencyPenalty: pick(own.frequencyPenalty, defaults.defaultFrequencyPenalty),
    topP: pick(own.topP, defaults.defaultTopP),
    topK: pick(own.topK, defaults.defaultTopK),
    maxTokens: pick(own.maxTokens, defaults.defaultMaxTokens),
    contextLimit: pick(own.contextLimit, defaults.defaultContextLimit),
    stream: typeof own.stream === 'boolean' ? own.stream : defaults.streaming,
    reasoningEffort: pickChoice(own.reasoningEffort, defaults.defaultReasoningEffort),
    thinkingBudget: pick(own.thinkingBudget, defaults.defaultThinkingBudget),
    verbosity: pickChoice(own.verbosity, defaults.defaultVerbosity),
  };
}
