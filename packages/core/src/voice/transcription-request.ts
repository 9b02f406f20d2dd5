import { providerEntry } from '../models';
import { looksLikeHtml, voiceErrorFromAnswer, type VoiceError, type VoiceResult } from './voice-errors';

/** OpenAI's transcription models, newest first (the first is the default). */
export const openAITranscriptionModels = [
  'gpt-4o-mini-transcribe',
  'gpt-4o-transcribe',
  'whisper-1',
] as const;
export type OpenAITranscriptionModel = (typeof openAITranscriptionModels)[number];

export const GROQ_AUDIO_ENDPOINT = 'https://api.groq.com/openai/v1';
export const GROQ_TRANSCRIPTION_MODEL = 'whisper-large-v3-turbo';

/** OpenAI's upload limit for /audio/transcriptions (Groq's free tier allows the same). */
export const MAX_TRANSCRIPTION_BYTES = 25 * 1024 * 1024;
/** A recording stops by itself after this long; longer dictation is rarely meant and costs money. */
export const MAX_RECORDING_MS = 10 * 60 * 1000;

export interface TranscriptionInput {
  /** An OpenAI-compatible base URL ending before `/audio/transcriptions` (…/v1). */
  readonly endpoint: string;
  readonly apiKey: string;
  readonly model: string;
  readonly audio: Blob;
  /** The file name tells the server the container: `speech.webm`, `speech.mp4`, `speech.wav`. */
  readonly fileName: string;
  /** The Whisper prompt setting: words and spellings to expect. Empty sends none. */
  readonly prompt?: string | undefined;
  /** An ISO-639-1 hint (`en`, `de`); empty lets the model detect the language. */
  readonly language?: string | undefined;
}

export interface AudioRequest {
  readonly url: string;
  readonly init: { method: 'POST'; headers: Record<string, string>; body: FormData | string };
}

/**
 * The base URL of an OpenAI-compatible server without a trailing slash; when empty, that of the
 * provider registry's OpenAI, whose capabilities name speech to text and text to speech.
 */
export function audioEndpoint(endpoint: string | undefined): string {
  const trimmed = (endpoint ?? '').trim().replace(/\/+$/, '');
  return trimmed === '' ? providerEntry('openai').endpoint : trimmed;
}

/** The file extension a recording's MIME type is sent under (the server reads the container from it). */
export function audioFileName(mimeType: string): string {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension =
    type === 'audio/webm'
      ? 'webm'
      : type === 'audio/mp4' || type === 'audio/x-m4a' || type === 'audio/aac'
        ? 'mp4'
        : type === 'audio/ogg'
          ? 'ogg'
          : type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave'
            ? 'wav'
            : type === 'audio/mpeg'
              ? 'mp3'
              : 'webm';
  return `speech.${extension}`;
}

/** Refuses a recording no endpoint would take: nothing in it, too long, or over the upload limit. */
export function checkRecording(recording: { bytes: number; durationMs: number }): VoiceError | undefined {
  if (recording.bytes === 0) return { code: 'empty_recording', detail: '' };
  if (recording.durationMs > MAX_RECORDING_MS) return { code: 'too_long', detail: '' };
  if (recording.bytes > MAX_TRANSCRIPTION_BYTES) return { code: 'too_large', detail: '' };
  return undefined;
}

/** POST {endpoint}/audio/transcriptions as multipart, asking for JSON. */
export function buildTranscriptionRequest(input: TranscriptionInput): AudioRequest {
  const form = new FormData();
  form.append('file', input.audio, input.fileName);
  form.append('model', input.model);
  form.append('response_format', 'json');
  const prompt = input.prompt?.trim();
  if (prompt) form.append('prompt', prompt);
  const language = input.language?.trim().toLowerCase().split(/[-_]/)[0];
  if (language) form.append('language', language);
  return {
    url: `${audioEndpoint(input.endpoint)}/audio/transcriptions`,
    init: { method: 'POST', headers: { Authorization: `Bearer ${input.apiKey}` }, body: form },
  };
}

/** The text of a transcription answer (`{"text": "…"}`), or why there is none. */
export function readTranscription(
  status: number,
  contentType: string | null,
  body: string,
): VoiceResult<string> {
  if (status < 200 || status >= 300)
    return { ok: false, error: voiceErrorFromAnswer(status, contentType, body) };
  if (looksLikeHtml(contentType, body))
    return { ok: false, error: voiceErrorFromAnswer(status, contentType, body) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    // A server asked for JSON that answers text/plain still answered.
    if (/^text\/plain/i.test(contentType ?? '') && body.trim() !== '')
      return { ok: true, value: body.trim() };
    return { ok: false, error: { code: body === '' ? 'cut_stream' : 'not_json', status, detail: '' } };
  }
  const text = (parsed as { text?: unknown } | null)?.text;
  if (typeof text !== 'string') return { ok: false, error: { code: 'not_json', status, detail: '' } };
  return { ok: true, value: text.trim() };
}
