import { z } from 'zod';
import type { Chat } from '../entities/chat';
import type { SyncedSettings } from '../entities/synced-settings';

/**
 * Per-chat model settings (the model settings panel). The Chat entity keeps unknown fields, so they
 * are stored on the chat record as `modelSettings` and parsed here, tolerant like every stored value:
 * a field that does not parse counts as unset. Null or absent means "use the synced default" (RQ2).
 */
export const CHAT_MODEL_SETTINGS_FIELD = 'modelSettings';

const optionalNumber = z.number().finite().nullable().optional().catch(null);

export const ChatModelSettingsSchema = z.object({
  temperature: optionalNumber,
  presencePenalty: optionalNumber,
  frequencyPenalty: optionalNumber,
  topP: optionalNumber,
  topK: optionalNumber,
  maxTokens: optionalNumber,
  contextLimit: optionalNumber,
  stream: z.boolean().nullable().optional().catch(null),
});
export type ChatModelSettings = z.infer<typeof ChatModelSettingsSchema>;
export type ChatModelSettingKey = keyof ChatModelSettings;

/** The synced settings that provide the defaults (their names in SyncedSettings). */
export type ModelSettingDefaults = Pick<
  SyncedSettings,
  | 'defaultTemperature'
  | 'defaultPresencePenalty'
  | 'defaultFrequencyPenalty'
  | 'defaultTopP'
  | 'defaultTopK'
  | 'defaultMaxTokens'
  | 'defaultContextLimit'
  | 'streaming'
>;

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
}

export function readChatModelSettings(chat: Chat): ChatModelSettings {
  const raw = (chat as Record<string, unknown>)[CHAT_MODEL_SETTINGS_FIELD];
  const parsed = ChatModelSettingsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : {};
}

/** A copy of the chat with some per-chat settings changed (null resets one to the default). */
export function withChatModelSettings(chat: Chat, change: Partial<ChatModelSettings>): Chat {
  const next = { ...readChatModelSettings(chat), ...change };
  return { ...chat, [CHAT_MODEL_SETTINGS_FIELD]: next } as Chat;
}

function pick(own: number | null | undefined, fallback: number | null): number | undefined {
  if (typeof own === 'number') return own;
  return typeof fallback === 'number' ? fallback : undefined;
}

/** RQ2: the chat's own value, else the synced default, else unset. */
export function effectiveModelSettings(
  own: ChatModelSettings,
  defaults: ModelSettingDefaults,
): EffectiveModelSettings {
  return {
    temperature: pick(own.temperature, defaults.defaultTemperature),
    presencePenalty: pick(own.presencePenalty, defaults.defaultPresencePenalty),
    frequencyPenalty: pick(own.frequencyPenalty, defaults.defaultFrequencyPenalty),
    topP: pick(own.topP, defaults.defaultTopP),
    topK: pick(own.topK, defaults.defaultTopK),
    maxTokens: pick(own.maxTokens, defaults.defaultMaxTokens),
    contextLimit: pick(own.contextLimit, defaults.defaultContextLimit),
    stream: typeof own.stream === 'boolean' ? own.stream : defaults.streaming,
  };
}
