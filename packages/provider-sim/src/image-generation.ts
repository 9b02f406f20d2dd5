// Image generation (decision 0127): OpenAI's `POST /v1/images/generations` (JSON) and
// `POST /v1/images/edits` (multipart), Gemini's image models on `generateContent` (a picture as
// `inlineData`) and OpenRouter's chat completions with `modalities: ["image", ...]` (`message.images`).
// Every picture is a real PNG made here from the prompt, so the same prompt gives the same bytes.
// The prompt's `[[sim:image-refused]]` makes the provider refuse it for its content (OpenAI's 400
// `moderation_blocked`, Gemini's IMAGE_SAFETY finish, OpenRouter's text-only answer), and
// `[[sim:image-billing]]` makes OpenAI answer its 400 `billing_hard_limit_reached`.
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { deflateSync } from 'node:zlib';
import { googleError } from './gemini-errors';
import { headerValue, isRecord, jsonAnswer, type HttpAnswer } from './http-io';
import { openaiBadRequest, openaiInvalidKey, openaiMissingKey } from './openai-errors';
import { judgeKey } from './provider-adapter';

export const OPENAI_IMAGE_GENERATIONS_ROUTE = '/v1/images/generations';
export const OPENAI_IMAGE_EDITS_ROUTE = '/v1/images/edits';
/** Gemini's image models: a model id with `-image` in it. */
export const GEMINI_IMAGE_ROUTE = /^\/v1beta\/models\/([^/:]*-image[^/:]*):generateContent$/;

const REFUSED = 'sim:image-refused';
const BILLING = 'sim:image-billing';
export const MODERATION_MESSAGE =
  'Your request was rejected as a result of our safety system. Your request may contain content that is not allowed by our safety system.';

let crcTable: Uint32Array | undefined;
function crc32(bytes: Buffer): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A 64x64 RGB PNG: a diagonal blend between two colours taken from the prompt's hash, and `index`
 * (the nth picture of one request) shifts them, so each picture of a request differs.
 */
export function promptPng(prompt: string, index = 0): Buffer {
  const hash = createHash('sha256').update(`${index}:${prompt}`).digest();
  const size = 64;
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let c = 0; c < 3; c++) row[1 + x * 3 + c] = Math.round(hash[c]! * (1 - t) + hash[3 + c]! * t);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function bearerVerdict(req: IncomingMessage): HttpAnswer | undefined {
  const header = headerValue(req, 'authorization');
  const key = header ? /^Bearer\s+(.*)$/i.exec(header)?.[1] : undefined;
  const verdict = judgeKey(key);
  if (verdict === 'missing') return openaiMissingKey();
  if (verdict === 'invalid') return openaiInvalidKey(key!);
  return undefined;
}

/** Both OpenAI routes: `body` is the JSON body or the multipart summary (fields and files). */
export function handleOpenAIImages(req: IncomingMessage, body: unknown, edit: boolean): HttpAnswer {
  const auth = bearerVerdict(req);
  if (auth) return auth;
  if (!isRecord(body)) return openaiBadRequest('We could not parse the JSON body of your request.');
  const prompt = typeof body.prompt === 'string' ? body.prompt : '';
  if (prompt.trim() === '') {
    return openaiBadRequest("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  }
  if (edit && !Object.keys(body).some((name) => name === 'image' || name === 'image[]')) {
    return openaiBadRequest("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
  }
  if (prompt.includes(REFUSED)) {
    return jsonAnswer(400, {
      error: {
        message: MODERATION_MESSAGE,
        type: 'image_generation_user_error',
        param: null,
        code: 'moderation_blocked',
      },
    });
  }
  if (prompt.includes(BILLING)) {
    return jsonAnswer(400, {
      error: {
        message: 'Billing hard limit has been reached',
        type: 'invalid_request_error',
        param: null,
        code: 'billing_hard_limit_reached',
      },
    });
  }
  const n = Math.min(10, Math.max(1, Number(body.n ?? 1) || 1));
  const data = Array.from({ length: n }, (_, index) => ({
    b64_json: promptPng(prompt, index).toString('base64'),
  }));
  return jsonAnswer(200, {
    created: Math.floor(Date.now() / 1000),
    background: typeof body.background === 'string' ? body.background : 'opaque',
    output_format: 'png',
    quality: typeof body.quality === 'string' ? body.quality : 'medium',
    size: typeof body.size === 'string' ? body.size : '1024x1024',
    data,
    usage: { input_tokens: 12, output_tokens: 1056 * n, total_tokens: 12 + 1056 * n },
  });
}

function promptOf(contents: unknown): string {
  const texts: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isRecord(value)) {
      if (typeof value.text === 'string') texts.push(value.text);
      else Object.values(value).forEach(walk);
    }
  };
  walk(contents);
  return texts.join('\n');
}

/** Gemini's image models on `generateContent`: one PNG as `inlineData`, with a line of text. */
export function handleGeminiImage(req: IncomingMessage, url: URL, model: string, body: unknown): HttpAnswer {
  const key = headerValue(req, 'x-goog-api-key') ?? url.searchParams.get('key') ?? undefined;
  const verdict = judgeKey(key);
  if (verdict !== 'ok') {
    return verdict === 'missing'
      ? googleError(
          403,
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          'PERMISSION_DENIED',
        )
      : googleError(400, 'API key not valid. Please pass a valid API key.', 'INVALID_ARGUMENT', [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
          },
        ]);
  }
  if (!isRecord(body)) return googleError(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT');
  const prompt = promptOf(body.contents);
  const usageMetadata = { promptTokenCount: 9, candidatesTokenCount: 1290, totalTokenCount: 1299 };
  if (prompt.includes(REFUSED)) {
    return jsonAnswer(200, {
      candidates: [
        {
          finishReason: 'IMAGE_SAFETY',
          finishMessage:
            "Unable to show the generated image. The image was filtered out because it violated Google's Generative AI Prohibited Use policy.",
          index: 0,
        },
      ],
      usageMetadata,
      modelVersion: model,
    });
  }
  return jsonAnswer(200, {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { text: 'Here is the picture.' },
            { inlineData: { mimeType: 'image/png', data: promptPng(prompt).toString('base64') } },
          ],
        },
        finishReason: 'STOP',
        index: 0,
      },
    ],
    usageMetadata,
    modelVersion: model,
  });
}

/** Whether an OpenRouter chat request asks for pictures (`modalities` naming `image`). */
export function wantsOpenRouterImage(pathname: string, body: unknown): boolean {
  return (
    pathname === '/api/v1/chat/completions' &&
    isRecord(body) &&
    Array.isArray(body.modalities) &&
    body.modalities.includes('image')
  );
}

/** OpenRouter's chat answer with the picture in `message.images` as a data URL. */
export function handleOpenRouterImage(req: IncomingMessage, body: Record<string, unknown>): HttpAnswer {
  const header = headerValue(req, 'authorization');
  const key = header ? /^Bearer\s+(.*)$/i.exec(header)?.[1] : undefined;
  if (judgeKey(key) !== 'ok')
    return jsonAnswer(401, { error: { message: 'No auth credentials found', code: 401 } });
  const prompt = promptOf(body.messages);
  const model = typeof body.model === 'string' ? body.model : 'google/gemini-2.5-flash-image';
  const refused = prompt.includes(REFUSED);
  const message = refused
    ? { role: 'assistant', content: "I can't create that picture.", images: [] }
    : {
        role: 'assistant',
        content: 'Here is the picture.',
        images: [
          {
            type: 'image_url',
            image_url: { url: `data:image/png;base64,${promptPng(prompt).toString('base64')}` },
          },
        ],
      };
  return jsonAnswer(200, {
    id: 'gen-sim-image',
    provider: 'Google',
    model,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    choices: [{ index: 0, finish_reason: 'stop', native_finish_reason: 'STOP', message }],
    usage: { prompt_tokens: 9, completion_tokens: 1290, total_tokens: 1299 },
  });
}
