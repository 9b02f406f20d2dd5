import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ELEVENLABS_VOICE_ID,
  defaultVoiceSettings,
  safeParseVoiceSettings,
  VOICE_SETTINGS_SCHEMA_VERSION,
  voiceSettingsSetting,
} from '../../src/entities/voice-settings';

describe('VoiceSettings', () => {
  it('keeps the spec defaults and adds the engines', () => {
    expect(defaultVoiceSettings()).toMatchObject({
      schemaVersion: 2,
      elevenLabsStability: 0.75,
      elevenLabsClarity: 0.75,
      elevenLabsModel: 'eleven_monolingual_v1',
      openAIVoice: 'alloy',
      openAISpeechModel: 'tts-1',
      openAISpeed: 1,
      browserRate: 1,
      browserPitch: 1,
      autoSpeech: false,
      inputEngine: null,
      transcriptionModel: 'gpt-4o-mini-transcribe',
      whisperPrompt: '',
      language: '',
      autoSend: false,
      outputEngine: 'browser',
      openAISpeechInstructions: '',
    });
  });

  it('moves a version 1 record to version 2 without losing a field', () => {
    const v1 = {
      schemaVersion: 1,
      openAIVoice: 'nova',
      autoSpeech: true,
      browserRate: 1.5,
      customNote: 'kept',
    };
    const result = safeParseVoiceSettings(v1);
    expect(result.success && result.data).toMatchObject({
      schemaVersion: VOICE_SETTINGS_SCHEMA_VERSION,
      openAIVoice: 'nova',
      autoSpeech: true,
      browserRate: 1.5,
      outputEngine: 'browser',
      inputEngine: null,
      customNote: 'kept',
    });
    expect(result.issues).toEqual([]);
  });

  it('a version 1 user with an ElevenLabs voice of their own keeps hearing ElevenLabs', () => {
    const result = safeParseVoiceSettings({ schemaVersion: 1, elevenLabsVoiceID: 'my-voice' });
    expect(result.success && result.data.outputEngine).toBe('elevenlabs');
    const stock = safeParseVoiceSettings({
      schemaVersion: 1,
      elevenLabsVoiceID: DEFAULT_ELEVENLABS_VOICE_ID,
    });
    expect(stock.success && stock.data.outputEngine).toBe('browser');
  });

  it('the migration is idempotent and leaves a newer write alone', () => {
    const once = safeParseVoiceSettings({ schemaVersion: 1, outputEngine: 'openai' });
    expect(once.success && once.data.outputEngine).toBe('openai');
    const again = once.success ? safeParseVoiceSettings(once.data) : once;
    expect(again.success && again.data).toEqual(once.success && once.data);
    const newer = safeParseVoiceSettings({ schemaVersion: 3, inputEngine: 'groq', futureField: { a: 1 } });
    expect(newer.success && newer.data).toMatchObject({
      schemaVersion: 3,
      inputEngine: 'groq',
      futureField: { a: 1 },
    });
  });

  it('a record it cannot fully read keeps what it can and reports the rest, never dropping the record', () => {
    const result = safeParseVoiceSettings({
      schemaVersion: 1,
      inputEngine: 'telepathy',
      openAIVoice: 'robot',
      whisperPrompt: 'Parley',
      autoSend: 'yes',
    });
    expect(result.success).toBe(true);
    expect(result.success && result.data).toMatchObject({
      inputEngine: null,
      openAIVoice: 'alloy',
      whisperPrompt: 'Parley',
      autoSend: false,
    });
    expect(result.issues.map((issue) => issue.path).sort()).toEqual([
      'autoSend',
      'inputEngine',
      'openAIVoice',
    ]);
    expect(
      voiceSettingsSetting.safeParse({ schemaVersion: 1, whisperPrompt: 'x', language: 7 }).success,
    ).toBe(true);
  });
});
