import type { VoiceInputEngine, VoiceSettings } from '@parley/core/entities';
import { GROQ_AUDIO_ENDPOINT, GROQ_TRANSCRIPTION_MODEL } from '@parley/core/voice';
import { providerAccessIn, type KeyVaultState } from '../../state';

/**
 * Keys for voice that are not a chat provider's live in the key vault with the custom secrets (sealed
 * with the password like every key, never synced): ElevenLabs', Groq's and a custom endpoint's.
 */
export const VOICE_SECRET_IDS = {
  elevenlabs: 'voice:elevenlabs:apiKey',
  groq: 'voice:groq:apiKey',
  custom: 'voice:custom:apiKey',
} as const;

export type VoiceAccess = { endpoint: string; apiKey: string | null; model: string };
type VaultView = Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;

function secret(vault: VaultView, id: string): string | null {
  return vault.status === 'open' ? vault.secrets[id] || null : null;
}

/** Where a Whisper-style engine sends audio, with which key and model. */
export function transcriptionAccess(
  engine: Exclude<VoiceInputEngine, 'browser'>,
  settings: VoiceSettings,
  vault: VaultView,
): VoiceAccess {
  if (engine === 'groq') {
    return {
      endpoint: GROQ_AUDIO_ENDPOINT,
      apiKey: secret(vault, VOICE_SECRET_IDS.groq),
      model: GROQ_TRANSCRIPTION_MODEL,
    };
  }
  if (engine === 'custom') {
    return {
      endpoint: settings.customTranscriptionEndpoint,
      apiKey: secret(vault, VOICE_SECRET_IDS.custom),
      model: settings.customTranscriptionModel,
    };
  }
  const openai = providerAccessIn(vault, 'openai');
  return { endpoint: openai.endpoint, apiKey: openai.apiKey, model: settings.transcriptionModel };
}

export function openAISpeechAccess(settings: VoiceSettings, vault: VaultView): VoiceAccess {
  const openai = providerAccessIn(vault, 'openai');
  return { endpoint: openai.endpoint, apiKey: openai.apiKey, model: settings.openAISpeechModel };
}

export function elevenLabsAccess(settings: VoiceSettings, vault: VaultView): VoiceAccess {
  return {
    endpoint: '',
    apiKey: secret(vault, VOICE_SECRET_IDS.elevenlabs),
    model: settings.elevenLabsModel,
  };
}
