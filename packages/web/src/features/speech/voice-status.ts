import { create } from 'zustand';

/**
 * The spec's service status, OK, SLOW or ERROR, of the last transcription and the last reading
 * aloud (Settings → Voice shows it). Slow: the text or the first sound took longer than these.
 */
export type VoiceServiceStatus = 'ok' | 'slow' | 'error';
export const SLOW_FIRST_AUDIO_MS = 3000;

export const useVoiceStatus = create<{
  transcription: VoiceServiceStatus | undefined;
  speech: VoiceServiceStatus | undefined;
}>()(() => ({ transcription: undefined, speech: undefined }));
