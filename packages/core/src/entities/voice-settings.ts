import { z } from 'zod';
import { defineEntity, schemaVersionField } from './entity-parser';
import { defineSetting } from './setting-definition';
import { timestampField } from './timestamps';

/** Speech input and output preferences, kept on this device (spec section 3 defaults). */
export const VOICE_SETTINGS_SCHEMA_VERSION = 1;

export const openAIVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
/** ElevenLabs' stock voice, used until the user picks another. */
export const DEFAULT_ELEVENLABS_VOICE_ID = '21m00Tcm4TlvDq8ikWAM';

const voiceSettingsShape = {
  schemaVersion: schemaVersionField,
  elevenLabsStability: z.number().min(0).max(1).default(0.75),
  elevenLabsClarity: z.number().min(0).max(1).default(0.75),
  elevenLabsVoiceID: z.string().default(DEFAULT_ELEVENLABS_VOICE_ID),
  elevenLabsModel: z.string().default('eleven_monolingual_v1'),
  openAIVoice: z.enum(openAIVoices).default('alloy'),
  openAISpeechModel: z.string().default('tts-1'),
  openAISpeed: z.number().positive().default(1),
  browserRate: z.number().positive().default(1),
  browserPitch: z.number().nonnegative().default(1),
  /** Null means the browser's default voice. */
  browserVoiceName: z.string().nullable().default(null),
  autoSpeech: z.boolean().default(false),
  updatedAt: timestampField,
};

export const VoiceSettingsSchema = z.object(voiceSettingsShape);
export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;

export const voiceSettingsEntity = defineEntity({
  name: 'voice settings',
  version: VOICE_SETTINGS_SCHEMA_VERSION,
  shape: voiceSettingsShape,
  keepUnknownFields: true,
});

export const parseVoiceSettings = voiceSettingsEntity.parse;
export const safeParseVoiceSettings = voiceSettingsEntity.safeParse;
export const defaultVoiceSettings = (): VoiceSettings => parseVoiceSettings({});

/** Stored under one settings key; a partly invalid value keeps its valid fields. */
export const voiceSettingsSetting = {
  ...defineSetting('voiceSettings', VoiceSettingsSchema, defaultVoiceSettings),
  safeParse: safeParseVoiceSettings,
};
