import { z } from 'zod/mini';
import { reasoningEfforts, verbosityLevels } from '../models';
import { describeZodError, isRawRecord } from './entity-parser';
import type { FieldContext, RawRecord } from './entity-parser';

/**
 * A chat's own model settings (the model settings panel), stored on the chat as `modelSettings`.
 * Every key is optional: absent or null means "use the synced default" (chat SPEC RQ2). The ranges
 * are what every provider accepts; the settings form offers a range inside them.
 */
export const chatModelSettingShape = {
  temperature: z.number().check(z.gte(0), z.lte(2)),
  presencePenalty: z.number().check(z.gte(-2), z.lte(2)),
  frequencyPenalty: z.number().check(z.gte(-2), z.lte(2)),
  topP: z.number().check(z.gte(0), z.lte(1)),
  topK: z.number().check(z.int(), z.gte(1)),
  maxTokens: z.number().check(z.int(), z.gte(1)),
  /** How many messages a request sends at most (CX3). */
  contextLimit: z.number().check(z.int(), z.gte(1)),
  stream: z.boolean(),
  /** RC2: sent to models that take an effort or level, as the nearest one each accepts (chat v6). */
  reasoningEffort: z.enum(reasoningEfforts),
  /** RC3: thinking budget in tokens; 0 turns thinking off where a model can (chat v6). */
  thinkingBudget: z.number().check(z.int(), z.gte(0)).check(z.lte(1_000_000)),
  /** OpenAI GPT-5 family `verbosity` (chat v6). */
  verbosity: z.enum(verbosityLevels),
};

export type ChatModelSettingKey = keyof typeof chatModelSettingShape;
export const CHAT_MODEL_SETTING_KEYS = Object.keys(chatModelSettingShape) as ChatModelSettingKey[];

export const ChatModelSettingsSchema = z.object({
  temperature: z.optional(z.nullable(chatModelSettingShape.temperature)),
  presencePenalty: z.optional(z.nullable(chatModelSettingShape.presencePenalty)),
  frequencyPenalty: z.optional(z.nullable(chatModelSettingShape.frequencyPenalty)),
  topP: z.optional(z.nullable(chatModelSettingShape.topP)),
  topK: z.optional(z.nullable(chatModelSettingShape.topK)),
  maxTokens: z.optional(z.nullable(chatModelSettingShape.maxTokens)),
  contextLimit: z.optional(z.nullable(chatModelSettingShape.contextLimit)),
  stream: z.optional(z.nullable(chatModelSettingShape.stream)),
  reasoningEffort: z.optional(z.nullable(chatModelSettingShape.reasoningEffort)),
  thinkingBudget: z.optional(z.nullable(chatModelSettingShape.thinkingBudget)),
  verbosity: z.optional(z.nullable(chatModelSettingShape.verbosity)),
});
export type ChatModelSettings = z.infer<typeof ChatModelSettingsSchema>;

/** True when `value` may be stored as the chat's own `key` (null resets it to the default). */
export function isValidChatModelSetting(key: ChatModelSettingKey, value: unknown): boolean {
  return value === null || chatModelSettingShape[key].safeParse(value).success;
}

/**
 * The chat's `modelSettings` field, parsed key by key: a damaged value (wrong type, out of range)
 * is dropped and reported, so it counts as unset and the other keys survive. Keys this version
 * does not know are kept, like unknown fields of any entity, so a newer client's setting is not
 * lost when this one saves the chat. Absent, null or not an object: no settings of its own.
 */
export function parseChatModelSettingsField(
  value: unknown,
  ctx: FieldContext,
): ChatModelSettings | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRawRecord(value)) {
    ctx.report('modelSettings', 'expected an object of model settings');
    return undefined;
  }
  const settings: RawRecord = {};
  for (const [key, setting] of Object.entries(value)) {
    // JSON.parse can produce an own `__proto__` key; never let it reach a prototype.
    if (key === '__proto__' || setting === undefined) continue;
    if (!Object.hasOwn(chatModelSettingShape, key)) {
      settings[key] = setting;
      continue;
    }
    if (setting === null) {
      settings[key] = null;
      continue;
    }
    const result = chatModelSettingShape[key as ChatModelSettingKey].safeParse(setting);
    if (result.success) settings[key] = result.data;
    else ctx.report(`modelSettings.${key}`, describeZodError(result.error));
  }
  return settings as ChatModelSettings;
}
