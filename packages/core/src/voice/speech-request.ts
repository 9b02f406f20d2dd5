import { audioEndpoint, type AudioRequest } from './transcription-request';
import { looksLikeHtml, voiceErrorFromAnswer, type VoiceError } from './voice-errors';

/** OpenAI's speech models; only gpt-4o-mini-tts reads `instructions` (how to speak). */
export const openAISpeechModels = ['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd'] as const;

/** The spec's six voices, which every speech model has. */
export const classicOpenAIVoices = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
/** Every voice OpenAI lists for speech; tts-1 and tts-1-hd have the classic six and ash, coral, sage. */
export const allOpenAIVoices = [
  'alloy',
  'ash',
  'ballad',
  'cedar',
  'coral',
  'echo',
  'fable',
  'marin',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
] as const;
export type OpenAIVoice = (typeof allOpenAIVoices)[number];

const ttsOneVoices: ReadonlySet<string> = new Set([...classicOpenAIVoices, 'ash', 'coral', 'sage']);

/** The voices `model` offers (a model this list does not know gets all of them). */
export function openAIVoicesFor(model: string): readonly OpenAIVoice[] {
  return model.startsWith('tts-1')
    ? allOpenAIVoices.filter((voice) => ttsOneVoices.has(voice))
    : allOpenAIVoices;
}

export const OPENAI_SPEED_RANGE = { min: 0.25, max: 4 } as const;

/** ElevenLabs models; the spec's default first (kept for old settings), then the current ones. */
export const elevenLabsModels = [
  'eleven_monolingual_v1',
  'eleven_multilingual_v2',
  'eleven_flash_v2_5',
  'eleven_turbo_v2_5',
  'eleven_v3',
] as const;
export const ELEVENLABS_ENDPOINT = 'https://api.elevenlabs.io/v1';

/** Longest text sent in one speech request (OpenAI refuses over 4096 characters). */
export const MAX_SPEECH_CHARACTERS = 4096;

export interface OpenAISpeechInput {
  readonly endpoint?: string | undefined;
  readonly apiKey: string;
  readonly model: string;
  readonly voice: string;
  readonly text: string;
  readonly speed?: number | undefined;
  /** Only sent to gpt-4o-mini-tts, the one model that reads it. */
  readonly instructions?: string | undefined;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** POST {endpoint}/audio/speech for MP3. */
export function buildOpenAISpeechRequest(input: OpenAISpeechInput): AudioRequest {
  const body: Record<string, unknown> = {
    model: input.model,
    voice: input.voice,
    input: input.text.slice(0, MAX_SPEECH_CHARACTERS),
    response_format: 'mp3',
  };
  if (input.speed !== undefined && input.speed !== 1) {
    body.speed = clamp(input.speed, OPENAI_SPEED_RANGE.min, OPENAI_SPEED_RANGE.max);
  }
  const instructions = input.instructions?.trim();
  if (instructions && input.model.startsWith('gpt-')) body.instructions = instructions;
  return {
    url: `${audioEndpoint(input.endpoint)}/audio/speech`,
    init: {
      method: 'POST',
      headers: { Authorization: `Bearer ${input.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  };
}

export interface ElevenLabsSpeechInput {
  /** Tests point it at the simulator; ElevenLabs' own API otherwise. */
  readonly endpoint?: string | undefined;
  readonly apiKey: string;
  readonly voiceId: string;
  readonly model: string;
  readonly text: string;
  readonly stability: number;
  /** The spec's "clarity" is ElevenLabs' similarity_boost. */
  readonly clarity: number;
}

/** POST {endpoint}/text-to-speech/{voice_id}/stream: MP3 that starts playing while it arrives. */
export function buildElevenLabsSpeechRequest(input: ElevenLabsSpeechInput): AudioRequest {
  const base = (input.endpoint ?? '').trim().replace(/\/+$/, '') || ELEVENLABS_ENDPOINT;
  return {
    url: `${base}/text-to-speech/${encodeURIComponent(input.voiceId)}/stream`,
    init: {
      method: 'POST',
      headers: { 'xi-api-key': input.apiKey, 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
      body: JSON.stringify({
        text: input.text.slice(0, MAX_SPEECH_CHARACTERS),
        model_id: input.model,
        voice_settings: {
          stability: clamp(input.stability, 0, 1),
          similarity_boost: clamp(input.clarity, 0, 1),
        },
      }),
    },
  };
}

/**
 * Checks a speech answer's head before its audio is played: a failure status, or a 200 that is not
 * audio (an HTML page from a proxy, a JSON error), is read into a VoiceError from its body.
 */
export function speechAnswerProblem(
  status: number,
  contentType: string | null,
  body?: string,
): VoiceError | undefined {
  const text = body ?? '';
  if (status < 200 || status >= 300) return voiceErrorFromAnswer(status, contentType, text);
  if (/^audio\//i.test(contentType ?? '') || /^application\/octet-stream/i.test(contentType ?? ''))
    return undefined;
  if (looksLikeHtml(contentType, text)) return { code: 'not_audio', status, detail: '' };
  return { code: 'not_audio', status, detail: contentType ?? '' };
}

/**
 * An audio answer that ended early: the body is shorter than its Content-Length said, or nothing
 * came at all. (A chunked answer that breaks off is a network error in fetch, read as cut too.)
 */
export function cutAudio(received: number, contentLength: string | null): VoiceError | undefined {
  if (received === 0) return { code: 'cut_stream', detail: 'no audio' };
  const expected = contentLength === null ? NaN : Number(contentLength);
  if (Number.isFinite(expected) && received < expected) {
    return { code: 'cut_stream', detail: `${received} of ${expected} bytes` };
  }
  return undefined;
}
