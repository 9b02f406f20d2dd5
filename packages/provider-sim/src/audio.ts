// Speech endpoints: OpenAI's `POST /v1/audio/transcriptions` (multipart) and `POST /v1/audio/speech`, and
// ElevenLabs' `POST /v1/text-to-speech/{voice_id}/stream`. Answers are real audio bytes from
// fixtures/audio (made once with espeak-ng, sox and lame), with each provider's headers and error bodies.
// Directives ride in the text the client sends: the transcription's `prompt`, the speech `input`/`text`.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { headerValue, isRecord, jsonAnswer, sendAnswer, type HttpAnswer } from './http-io';
import { openaiBadRequest, openaiErrorFor, openaiInvalidKey, openaiMissingKey } from './openai-errors';
import { judgeKey } from './provider-adapter';

export const TRANSCRIPTION_ROUTE = '/v1/audio/transcriptions';
export const SPEECH_ROUTE = '/v1/audio/speech';
export const ELEVENLABS_ROUTE = /^\/v1\/text-to-speech\/([^/]+)\/stream$/;

const AUDIO_DIR = fileURLToPath(new URL('../../../fixtures/audio/', import.meta.url));
/** What the fake microphone says; also the answer for audio the simulator does not know. */
export const DEFAULT_TRANSCRIPT = 'What is the capital of France?';
const ANSWER_MP3 = readFileSync(`${AUDIO_DIR}answer-paris.mp3`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** Transcripts of the fixture files by content hash, so a test that uploads one gets its words. */
const KNOWN_AUDIO = new Map<string, string>([
  [sha256(readFileSync(`${AUDIO_DIR}question-capital-of-france.wav`)), DEFAULT_TRANSCRIPT],
  [sha256(ANSWER_MP3), 'Paris is the capital of France.'],
]);

const TRANSCRIPTION_MODELS = new Set([
  'gpt-4o-mini-transcribe',
  'gpt-4o-transcribe',
  'whisper-1',
  'whisper-large-v3',
  'whisper-large-v3-turbo',
]);
const SPEECH_MODELS = new Set(['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd']);
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

interface AudioDirectives {
  error?: number;
  variant?: string;
  /** The transcript to answer. */
  reply?: string;
  cut?: boolean;
  html?: boolean;
  /** Milliseconds before the answer. */
  slow?: number;
  /** Milliseconds between the MP3's pieces: audio that arrives as an engine makes it. */
  pace?: number;
}

/**
 * `[[sim:error 429]]`, `[[sim:reply words]]`, `[[sim:cut]]`, `[[sim:html]]`, `[[sim:slow 500]]`,
 * `[[sim:pace 300]]`.
 */
export function audioDirectives(text: string): AudioDirectives {
  const found: AudioDirectives = {};
  for (const match of text.matchAll(/\[\[sim:([a-z-]+)(?:\s+([^\]]*))?\]\]/g)) {
    const [, name, args = ''] = match;
    if (name === 'error') {
      const [status, variant] = args.trim().split(/\s+/);
      found.error = Number(status);
      if (variant) found.variant = variant;
    } else if (name === 'reply') found.reply = args.trim();
    else if (name === 'cut') found.cut = true;
    else if (name === 'html') found.html = true;
    else if (name === 'slow') found.slow = Math.min(10_000, Number(args) || 500);
    else if (name === 'pace') found.pace = Math.min(10_000, Number(args) || 300);
  }
  return found;
}

/** A gateway's HTML page where JSON or audio was expected. */
const HTML_PAGE: HttpAnswer = {
  status: 502,
  contentType: 'text/html',
  body: '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>',
};

function bearerVerdict(req: IncomingMessage): HttpAnswer | undefined {
  const header = headerValue(req, 'authorization');
  const key = header ? /^Bearer\s+(.*)$/i.exec(header)?.[1] : undefined;
  const verdict = judgeKey(key);
  if (verdict === 'missing') return openaiMissingKey();
  if (verdict === 'invalid') return openaiInvalidKey(key!);
  return undefined;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the request log keeps of a multipart body: the fields, and the file's name, type and size. */
export async function multipartSummary(
  raw: Buffer,
  contentType: string,
): Promise<Record<string, unknown> | null> {
  try {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': contentType },
    }).formData();
    const summary: Record<string, unknown> = {};
    for (const [name, value] of form.entries()) {
      summary[name] =
        typeof value === 'string' ? value : { fileName: value.name, type: value.type, bytes: value.size };
    }
    return summary;
  } catch {
    return null;
  }
}

export async function handleTranscription(
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer,
): Promise<void> {
  const auth = bearerVerdict(req);
  if (auth) return sendAnswer(res, auth);
  const contentType = headerValue(req, 'content-type') ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    return sendAnswer(
      res,
      openaiBadRequest(
        "Invalid Content-Type header (application/json), expected multipart/form-data. (HINT: If you're using curl, you can pass -F 'key=value' to send multipart form data)",
      ),
    );
  }
  if (raw.length > MAX_UPLOAD_BYTES) {
    return sendAnswer(res, openaiErrorFor(413, null, 'whisper-1'));
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  } catch {
    return sendAnswer(res, openaiBadRequest('Could not parse multipart form'));
  }
  const model = form.get('model');
  const file = form.get('file');
  if (typeof model !== 'string' || model === '') {
    return sendAnswer(res, openaiBadRequest('you must provide a model parameter', 'model'));
  }
  if (!TRANSCRIPTION_MODELS.has(model)) {
    return sendAnswer(res, openaiErrorFor(404, null, model));
  }
  if (!file || typeof file === 'string') {
    return sendAnswer(
      res,
      openaiBadRequest("Missing required parameter: 'file'.", 'file', 'missing_required_parameter'),
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) {
    return sendAnswer(
      res,
      openaiBadRequest(
        'Audio file is too short. Minimum audio length is 0.1 seconds.',
        'file',
        'audio_too_short',
      ),
    );
  }
  const prompt = form.get('prompt');
  const directives = audioDirectives(typeof prompt === 'string' ? prompt : '');
  if (directives.slow) await wait(directives.slow);
  if (directives.html) return sendAnswer(res, HTML_PAGE);
  if (directives.error)
    return sendAnswer(res, openaiErrorFor(directives.error, directives.variant ?? null, model));
  const text = directives.reply ?? KNOWN_AUDIO.get(sha256(bytes)) ?? DEFAULT_TRANSCRIPT;
  const body = JSON.stringify(
    model.startsWith('gpt-4o')
      ? {
          text,
          usage: {
            type: 'tokens',
            input_tokens: 14,
            input_token_details: { text_tokens: 0, audio_tokens: 14 },
            output_tokens: 8,
            total_tokens: 22,
          },
        }
      : { text },
  );
  if (directives.cut) {
    // Headers promise the whole body; half of it comes, then the connection drops.
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.write(body.slice(0, Math.floor(body.length / 2)));
    return void setTimeout(() => res.destroy(), 20);
  }
  return sendAnswer(res, {
    status: 200,
    body,
    headers: { 'openai-processing-ms': '312', 'x-request-id': `req_sim_${sha256(bytes).slice(0, 24)}` },
  });
}

/**
 * Writes the MP3 in pieces, chunked as both providers send it, `pace` ms apart (5 by default); `cut`
 * stops halfway and drops the line.
 */
async function streamMp3(
  res: ServerResponse,
  headers: Record<string, string>,
  cut: boolean,
  pace = 5,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'audio/mpeg', 'transfer-encoding': 'chunked', ...headers });
  const pieces = 4;
  const size = Math.ceil(ANSWER_MP3.length / pieces);
  for (let index = 0; index < pieces; index++) {
    if (res.destroyed) return;
    if (cut && index === pieces / 2) {
      res.destroy();
      return;
    }
    res.write(ANSWER_MP3.subarray(index * size, (index + 1) * size));
    await wait(pace);
  }
  res.end();
}

export async function handleOpenAISpeech(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  const auth = bearerVerdict(req);
  if (auth) return sendAnswer(res, auth);
  if (!isRecord(body))
    return sendAnswer(res, openaiBadRequest('We could not parse the JSON body of your request.'));
  const { model, voice, input } = body;
  if (typeof model !== 'string' || !SPEECH_MODELS.has(model)) {
    return sendAnswer(res, openaiErrorFor(404, null, String(model)));
  }
  if (typeof input !== 'string' || input === '') {
    return sendAnswer(
      res,
      openaiBadRequest("Missing required parameter: 'input'.", 'input', 'missing_required_parameter'),
    );
  }
  if (input.length > 4096) {
    return sendAnswer(
      res,
      openaiBadRequest(
        `[{'type': 'string_too_long', 'loc': ('body', 'input'), 'msg': 'String should have at most 4096 characters', 'input': '${input.slice(0, 20)}...', 'ctx': {'max_length': 4096}}]`,
        'input',
        'string_too_long',
      ),
    );
  }
  if (typeof voice !== 'string' || voice === '') {
    return sendAnswer(
      res,
      openaiBadRequest("Missing required parameter: 'voice'.", 'voice', 'missing_required_parameter'),
    );
  }
  const format = body.response_format ?? 'mp3';
  if (format !== 'mp3')
    return sendAnswer(
      res,
      openaiBadRequest(`The simulator answers mp3 only, not ${String(format)}.`, 'response_format'),
    );
  // The instructions carry directives too, so a test can shape every chunk of a reading.
  const instructions = typeof body.instructions === 'string' ? body.instructions : '';
  const directives = audioDirectives(`${input} ${instructions}`);
  if (directives.slow) await wait(directives.slow);
  if (directives.html) return sendAnswer(res, HTML_PAGE);
  if (directives.error)
    return sendAnswer(res, openaiErrorFor(directives.error, directives.variant ?? null, model));
  return streamMp3(
    res,
    { 'openai-processing-ms': '184', 'x-request-id': 'req_sim_speech' },
    !!directives.cut,
    directives.pace,
  );
}

function elevenLabsError(status: number, code: string, message: string): HttpAnswer {
  return jsonAnswer(status, { detail: { status: code, message } });
}

/** ElevenLabs' bodies: `{"detail":{"status","message"}}` for its own checks, FastAPI's list for a bad body. */
function elevenLabsErrorFor(status: number, voiceId: string): HttpAnswer {
  switch (status) {
    case 401:
      return elevenLabsError(401, 'invalid_api_key', 'Invalid API key');
    case 402:
      return elevenLabsError(
        401,
        'quota_exceeded',
        'This request exceeds your quota of 10000. You have 12 credits remaining, while 40 credits are required for this request.',
      );
    case 404:
      return elevenLabsError(404, 'voice_not_found', `A voice with the voice_id ${voiceId} was not found.`);
    case 429:
      return elevenLabsError(
        429,
        'too_many_concurrent_requests',
        'Too many concurrent requests. Your current subscription is associated with a maximum of 2 concurrent requests running in parallel. Please reduce the number of parallel requests or upgrade your subscription.',
      );
    default:
      return elevenLabsError(status, 'internal_server_error', 'An internal server error occurred.');
  }
}

export async function handleElevenLabsSpeech(
  req: IncomingMessage,
  res: ServerResponse,
  voiceId: string,
  body: unknown,
): Promise<void> {
  const key = headerValue(req, 'xi-api-key');
  if (!key)
    return sendAnswer(
      res,
      elevenLabsError(
        401,
        'needs_authorization',
        'Neither authorization header nor xi-api-key received, please provide one.',
      ),
    );
  if (key.includes('invalid')) return sendAnswer(res, elevenLabsErrorFor(401, voiceId));
  if (!isRecord(body) || typeof body.text !== 'string') {
    return sendAnswer(
      res,
      jsonAnswer(422, {
        detail: [{ type: 'missing', loc: ['body', 'text'], msg: 'Field required', input: body }],
      }),
    );
  }
  const directives = audioDirectives(body.text);
  if (directives.slow) await wait(directives.slow);
  if (directives.html) return sendAnswer(res, HTML_PAGE);
  if (directives.error) return sendAnswer(res, elevenLabsErrorFor(directives.error, voiceId));
  return streamMp3(
    res,
    {
      'history-item-id': 'sim-history-item',
      'request-id': 'sim-request',
      'x-character-count': String(body.text.length),
    },
    !!directives.cut,
    directives.pace,
  );
}
