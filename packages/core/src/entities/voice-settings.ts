import { z } from 'zod/mini';
import { defineEntity, schemaVersionField } from './entity-parser';
import { defineSetting } from './setting-definition';
import { timestampField } from './timestamps';

/**
 * Speech input and output preferences, kept on this device (spec section 3 defaults). Version 2 adds
 * the input and output engines, transcription settings, auto-send and OpenAI's speech instructions.
 */
export const VOICE_SETTINGS_SCHEMA_VERSION = 2;

/** OpenAI's speech voices: the spec's six, then the newer ones (gpt-4o-mini-tts has them all). */
export const openAIVoices = [
  'alloy',
  'echo',
  'fable',
  'onyx',
  'nova',
  'shimmer',
  'ash',
  'ballad',
  'cedar',
  'coral',
  'marin',
  'sage',
  'verse',
] as const;
/** Who turns speech into text: the browser's own recognition, or a Whisper-style endpoint with a key. */
export const voiceInputEngines = ['browser', 'openai', 'groq', 'custom'] as const;
export type VoiceInputEngine = (typeof voiceInputEngines)[number];
/** Who reads answers aloud. */
export const voiceOutputEngines = ['browser', 'openai', 'elevenlabs'] as const;
export type VoiceOutputEngine = (typeof voiceOutputEngines)[number];
/** ElevenLabs' stock voice, used until the user picks another. */
export const DEFAULT_ELEVENLABS_VOICE_ID = '21m00Tcm4TlvDq8ikWAM';

const voiceSettingsShape = {
  schemaVersion: schemaVersionField,
  elevenLabsStability: z._default(z.number().check(z.gte(0), z.lte(1)), 0.75),
  elevenLabsClarity: z._default(z.number().check(z.gte(0), z.lte(1)), 0.75),
  elevenLabsVoiceID: z._default(z.string(), DEFAULT_ELEVENLABS_VOICE_ID),
  elevenLabsModel: z._default(z.string(), 'eleven_monolingual_v1'),
  openAIVoice: z._default(z.enum(openAIVoices), 'alloy'),
  openAISpeechModel: z._default(z.string(), 'tts-1'),
  openAISpeed: z._default(z.number().check(z.positive()), 1),
  browserRate: z._default(z.number().check(z.positive()), 1),
  browserPitch: z._default(z.number().check(z.nonnegative()), 1),
  /** Null means the browser's default voice. */
  browserVoiceName: z._default(z.nullable(z.string()), null),
  /** Read each new answer aloud when it is complete (the spec's autoSpeech). */
  autoSpeech: z._default(z.boolean(), false),
  /**
   * Null until the user picks one: the deployment's default then applies (the browser, or OpenAI's
   * Whisper when the useOpenAIWhisper flag is on).
   */
  inputEngine: z._default(z.nullable(z.enum(voiceInputEngines)), null),
  /** OpenAI's transcription model; Groq uses whisper-large-v3-turbo, a custom endpoint its own. */
  transcriptionModel: z._default(z.string().check(z.minLength(1)), 'gpt-4o-mini-transcribe'),
  /** An OpenAI-compatible base URL (…/v1) for the custom input engine. */
  customTranscriptionEndpoint: z._default(z.string(), ''),
  customTranscriptionModel: z._default(z.string().check(z.minLength(1)), 'whisper-1'),
  /** The spec's Whisper prompt: names and spellings the transcription should expect. */
  whisperPrompt: z._default(z.string(), ''),
  /** ISO-639-1 or BCP-47 language of speech; empty means detect (or the app's language for the browser). */
  language: z._default(z.string(), ''),
  /** Send the transcribed words at once instead of leaving them in the box for review. */
  autoSend: z._default(z.boolean(), false),
  outputEngine: z._default(z.enum(voiceOutputEngines), 'browser'),
  /** How gpt-4o-mini-tts should speak ("calm and friendly"); other models ignore it. */
  openAISpeechInstructions: z._default(z.string(), ''),
  updatedAt: timestampField,
};

export const VoiceSettingsSchema = z.object(voiceSettingsShape);
export type VoiceSettings = z.infer<typeof VoiceSettingsSchema>;

export const voiceSettingsEntity = defineEntity({
  name: 'voice settings',
  version: VOICE_SETTINGS_SCHEMA_VERSION,
  shape: voiceSettingsShape,
  keepUnknownFields: true,
  migrations: [
    {
      toVersion: 2,
      description: 'engines: version 1 spoke with ElevenLabs when it had a key, else the browser',
      up(raw) {
        // Version 1 had no engine choice; its users heard the browser unless they had set an
        // ElevenLabs voice of their own. Keep what they heard; an engine already set (a newer
        // client's write) is left alone.
        if (raw.outputEngine !== undefined) return raw;
        const ownVoice =
          typeof raw.elevenLabsVoiceID === 'string' && raw.elevenLabsVoiceID !== DEFAULT_ELEVENLABS_VOICE_ID;
        return {
          ...raw,
          outputEngine: ownVoice ? 'elevenlabs' : 'browser',
        };
      },
    },
  ],
});

export const parseVoiceSettings = voiceSettingsEntity.parse;
export const safeParseVoiceSettings = voiceSettingsEntity.safeParse;
export const defaultVoiceSettings = (): VoiceSettings => parseVoiceSettings({});

/** Stored under one settings key; a partly invalid value keeps its valid fields. */
export const voiceSettingsSetting = {
  ...defineSetting('voiceSettings', VoiceSettingsSchema, defaultVoiceSettings),
  safeParse: safeParseVoiceSettings,
};
