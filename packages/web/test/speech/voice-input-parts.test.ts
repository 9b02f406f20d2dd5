import { voiceErrorCodes } from '@parley/core/voice';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n';
import { voiceErrorText, voiceProblemText } from '../../src/features/speech/voice-error-text';
import { pickRecordingType } from '../../src/features/speech/voice-recorder';
import { recognisedText } from '../../src/features/speech/browser-recognition';

describe('voice input parts', () => {
  it('records WebM/Opus where it can, MP4 in Safari, and lets the browser choose otherwise', () => {
    expect(pickRecordingType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType((type) => type === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecordingType(() => false)).toBe('');
  });

  it('every voice error code has its own message, with the provider words after it', async () => {
    const i18n = createI18n();
    await i18n.loadNamespaces?.('translation');
    const t = i18n.t.bind(i18n);
    const messages = voiceErrorCodes.map((code) => voiceErrorText(t, { code, detail: '' }));
    expect(new Set(messages).size).toBe(voiceErrorCodes.length);
    expect(messages.every((message) => !message.startsWith('voice.'))).toBe(true);
    expect(voiceErrorText(t, { code: 'invalid_key', detail: 'Incorrect API key' })).toBe(
      'The API key was refused. Check it in Settings. (Incorrect API key)',
    );
    expect(voiceProblemText(t, { kind: 'blocked' })).toMatch(
      /Allow it from the icon at the left of the address bar/,
    );
    expect(voiceProblemText(t, { kind: 'unsupported' })).toMatch(/^Voice input is not supported\./);
    expect(voiceProblemText(t, { kind: 'missing-key', engine: 'openai' })).toBe(
      'Add your OpenAI API key in Settings → API keys to dictate with it.',
    );
    expect(voiceProblemText(t, { kind: 'missing-key', engine: 'groq' })).toBe(
      'Add your Groq API key in Settings → Voice to dictate with it.',
    );
  });

  it("reads only the browser recogniser's final results, in order", () => {
    const result = (transcript: string, isFinal: boolean) => Object.assign([{ transcript }], { isFinal });
    expect(
      recognisedText([result(' What is ', true), result('the cap', false), result('the capital? ', true)]),
    ).toBe('What is the capital?');
  });
});
