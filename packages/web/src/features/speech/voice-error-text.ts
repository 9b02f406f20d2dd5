import type { VoiceError, VoiceErrorCode } from '@parley/core/voice';
import type { TFunction } from 'i18next';
import type { VoiceInputProblem } from './voice-input-store';

const messageKeys = {
  invalid_key: 'voice.errors.invalid_key',
  rate_limited: 'voice.errors.rate_limited',
  too_large: 'voice.errors.too_large',
  too_long: 'voice.errors.too_long',
  empty_recording: 'voice.errors.empty_recording',
  not_audio: 'voice.errors.not_audio',
  not_json: 'voice.errors.not_json',
  cut_stream: 'voice.errors.cut_stream',
  bad_request: 'voice.errors.bad_request',
  server_error: 'voice.errors.server_error',
  network: 'voice.errors.network',
} as const satisfies Record<VoiceErrorCode, string>;

const engineNames = {
  openai: 'OpenAI',
  groq: 'Groq',
  custom: 'custom endpoint',
  elevenlabs: 'ElevenLabs',
} as const;

/** One user message per voice error code, with the provider's own words after it when it gave some. */
export function voiceErrorText(t: TFunction, error: Pick<VoiceError, 'code' | 'detail'>): string {
  const message = t(messageKeys[error.code]);
  return error.detail ? t('voice.errors.withDetail', { message, detail: error.detail }) : message;
}

export function voiceProblemText(t: TFunction, problem: VoiceInputProblem): string {
  switch (problem.kind) {
    case 'blocked':
      return t('voice.problems.blocked');
    case 'no-mic':
      return t('voice.problems.noMic');
    case 'unsupported':
      return t('voice.problems.unsupported');
    case 'missing-key':
      // OpenAI's key is the chat key (Settings → API keys); the others are entered in Settings → Voice.
      return problem.engine === 'openai'
        ? t('voice.problems.missingOpenAIKey')
        : t('voice.problems.missingKey', { name: engineNames[problem.engine] });
    case 'recognition':
      return t('voice.errors.withDetail', {
        message: t('voice.problems.recognition'),
        detail: problem.detail,
      });
    case 'voice':
      return voiceErrorText(t, problem);
    case 'capped':
      return problem.by === 'length' ? t('voice.problems.cappedLength') : t('voice.problems.cappedSize');
  }
}

export function missingSpeechKeyText(t: TFunction, engine: 'openai' | 'elevenlabs'): string {
  return engine === 'openai'
    ? t('speech.missingOpenAIKey')
    : t('speech.missingKey', { name: engineNames[engine] });
}
