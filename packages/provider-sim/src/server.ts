import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { anthropicAdapter } from './anthropic';
import type { ChatSettings } from './chat-handler';
import { handleChat } from './chat-handler';
import { GEMINI_ROUTE, geminiAdapter } from './gemini';
import {
  answerPreflight,
  applyCorsHeaders,
  BodyTooLargeError,
  decodeBody,
  headerValue,
  jsonAnswer,
  readBody,
  sendAnswer,
} from './http-io';
import { IMAGE_ROUTE, sendImage } from './image';
import {
  GEMINI_IMAGE_ROUTE,
  handleGeminiImage,
  handleOpenAIImages,
  handleOpenRouterImage,
  OPENAI_IMAGE_EDITS_ROUTE,
  OPENAI_IMAGE_GENERATIONS_ROUTE,
  wantsOpenRouterImage,
} from './image-generation';
import {
  ELEVENLABS_ROUTE,
  handleElevenLabsSpeech,
  handleOpenAISpeech,
  handleTranscription,
  multipartSummary,
  SPEECH_ROUTE,
  TRANSCRIPTION_ROUTE,
} from './audio';
import {
  GEMINI_EMBED_ROUTE,
  handleGeminiEmbeddings,
  handleOllamaEmbed,
  handleOpenAIEmbeddings,
  OLLAMA_EMBED_ROUTE,
  OPENAI_EMBEDDINGS_ROUTE,
} from './embeddings';
import { GOOGLE_SEARCH_ROUTE, googleSearch, SEARXNG_ROUTE, searxngSearch } from './web-search';
import { takeModelListOptions } from './model-list-options';
import type { ModelListOptions } from './model-list-options';
import { listGeminiModels, listModelsV1, listOpenRouterModels } from './models';
import { openaiAdapter } from './openai';
import type { ProviderAdapter } from './provider-adapter';
import type { LoggedRequest, RequestLog } from './request-log';

const ROUTES = [
  'POST /v1/chat/completions',
  'POST /api/v1/chat/completions',
  'POST /v1/messages',
  'POST /v1beta/models/{model}:streamGenerateContent?alt=sse',
  'POST /v1beta/models/{model}:generateContent',
  'POST /v1/embeddings',
  'POST /v1beta/models/{model}:embedContent',
  'POST /v1beta/models/{model}:batchEmbedContents',
  'POST /api/embed (Ollama)',
  'POST /v1/audio/transcriptions (multipart)',
  'POST /v1/images/generations',
  'POST /v1/images/edits (multipart)',
  'POST /v1beta/models/{model with -image}:generateContent (picture as inlineData)',
  'POST /api/v1/chat/completions with modalities ["image", ...] (picture in message.images)',
  'POST /v1/audio/speech',
  'POST /v1/text-to-speech/{voice_id}/stream (ElevenLabs)',
  'GET /v1/models',
  'GET /api/v1/models',
  'GET /v1beta/models',
  'GET /__models/{html|not-json|401|huge|slow|hang|count=N|page=N}/{any model-list route}',
  'GET /compat/{ollama|vllm|llamacpp|lmstudio}/v1/models',
  'GET /__sim/requests',
  'DELETE /__sim/requests',
  'GET /__sim/image.png',
  'GET /customsearch/v1?key&cx&q (fake Google Custom Search; q with over-quota: 429)',
  'GET /searxng/search?q&format=json (fake SearXNG)',
];

function chatAdapterFor(method: string, pathname: string): ProviderAdapter | null {
  if (method !== 'POST') return null;
  if (pathname === '/v1/chat/completions' || pathname === '/api/v1/chat/completions') return openaiAdapter;
  if (pathname === '/v1/messages') return anthropicAdapter;
  if (GEMINI_ROUTE.test(pathname)) return geminiAdapter;
  return null;
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Waits, or for `hang` keeps the request open until the client gives up (or a minute passes). */
async function delayFor(options: ModelListOptions, res: ServerResponse): Promise<boolean> {
  if (!options.slowMs && !options.hang) return true;
  const ms = options.hang ? 60_000 : options.slowMs!;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    res.on('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return !res.destroyed && !res.writableEnded && !options.hang;
}

async function route(req: IncomingMessage, res: ServerResponse, log: RequestLog, settings: ChatSettings) {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://provider-sim.local');
  const { pathname, options } = takeModelListOptions(url.pathname);
  url.pathname = pathname;
  applyCorsHeaders(req, res);

  if (url.pathname === '/__sim/requests') {
    if (method === 'GET') return sendAnswer(res, jsonAnswer(200, log.list()));
    if (method === 'DELETE') {
      log.clear();
      res.writeHead(204);
      return res.end();
    }
  }

  let rawBody: Buffer;
  try {
    rawBody = await readBody(req);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return sendAnswer(res, jsonAnswer(413, { error: { message: error.message, code: 413 } }));
  }
  const contentType = headerValue(req, 'content-type') ?? '';
  // An upload is logged as its fields and the file's name, type and size, not as bytes.
  const body = /^multipart\/form-data/i.test(contentType)
    ? ((await multipartSummary(rawBody, contentType)) ?? decodeBody(rawBody))
    : decodeBody(rawBody);
  const entry: LoggedRequest = {
    method,
    path: url.pathname + url.search,
    headers: flatHeaders(req),
    body,
    at: new Date().toISOString(),
  };
  log.add(entry);
  // A client that leaves mid-answer is noted, so a test can see that a cancel reached the provider.
  res.once('close', () => {
    if (!res.writableFinished) entry.disconnectedAt = new Date().toISOString();
  });

  if (method === 'OPTIONS') return answerPreflight(req, res);
  if (method === 'POST' && url.pathname === TRANSCRIPTION_ROUTE)
    return handleTranscription(req, res, rawBody);
  if (method === 'POST' && url.pathname === SPEECH_ROUTE) return handleOpenAISpeech(req, res, body);
  const elevenLabs = method === 'POST' ? ELEVENLABS_ROUTE.exec(url.pathname) : null;
  if (elevenLabs) return handleElevenLabsSpeech(req, res, decodeURIComponent(elevenLabs[1]!), body);
  if (method === 'POST' && url.pathname === OPENAI_EMBEDDINGS_ROUTE)
    return sendAnswer(res, handleOpenAIEmbeddings(req, body));
  if (method === 'POST' && url.pathname === OLLAMA_EMBED_ROUTE)
    return sendAnswer(res, handleOllamaEmbed(body));
  const geminiEmbed = method === 'POST' ? GEMINI_EMBED_ROUTE.exec(url.pathname) : null;
  if (geminiEmbed) {
    const kind = geminiEmbed[2] as 'embedContent' | 'batchEmbedContents';
    return sendAnswer(res, handleGeminiEmbeddings(req, url, decodeURIComponent(geminiEmbed[1]!), kind, body));
  }
  if (method === 'POST' && url.pathname === OPENAI_IMAGE_GENERATIONS_ROUTE)
    return sendAnswer(res, handleOpenAIImages(req, body, false));
  if (method === 'POST' && url.pathname === OPENAI_IMAGE_EDITS_ROUTE)
    return sendAnswer(res, handleOpenAIImages(req, body, true));
  const geminiImage = method === 'POST' ? GEMINI_IMAGE_ROUTE.exec(url.pathname) : null;
  if (geminiImage)
    return sendAnswer(res, handleGeminiImage(req, url, decodeURIComponent(geminiImage[1]!), body));
  if (method === 'POST' && wantsOpenRouterImage(url.pathname, body))
    return sendAnswer(res, handleOpenRouterImage(req, body as Record<string, unknown>));
  const adapter = chatAdapterFor(method, url.pathname);
  if (adapter)
    return handleChat(adapter, { req, url, body: rawBody.length > 0 ? body : undefined }, res, settings);
  const isList = ['/v1/models', '/api/v1/models', '/v1beta/models'].includes(url.pathname);
  if (method === 'GET' && isList) {
    if (!(await delayFor(options, res))) {
      if (!res.writableEnded) res.destroy();
      return;
    }
    if (url.pathname === '/v1/models') return sendAnswer(res, listModelsV1(req, url, options));
    if (url.pathname === '/api/v1/models') return sendAnswer(res, listOpenRouterModels(options));
    const key = headerValue(req, 'x-goog-api-key') ?? url.searchParams.get('key') ?? undefined;
    return sendAnswer(res, listGeminiModels(key, url, options));
  }
  if (method === 'GET' && url.pathname === IMAGE_ROUTE) return sendImage(res);
  if (method === 'GET' && url.pathname === GOOGLE_SEARCH_ROUTE) return sendAnswer(res, googleSearch(url));
  if (method === 'GET' && url.pathname === SEARXNG_ROUTE) return sendAnswer(res, searxngSearch(url));
  if (method === 'GET' && url.pathname === '/') {
    return sendAnswer(res, jsonAnswer(200, { name: '@parley/provider-sim', routes: ROUTES }));
  }
  // OpenAI's answer to an unknown URL; good enough for every provider's clients.
  const message = `Invalid URL (${method} ${url.pathname})`;
  return sendAnswer(
    res,
    jsonAnswer(404, { error: { message, type: 'invalid_request_error', param: null, code: null } }),
  );
}

/** The HTTP server behind startProviderSim; it never prints requests (tests read them from the log). */
export function createSimServer(log: RequestLog, settings: ChatSettings): Server {
  const server = createServer((req, res) => {
    route(req, res, log, settings).catch((error: unknown) => {
      // A bug in the simulator must not take the test run down with it: answer 500 if still possible.
      if (!res.headersSent) {
        sendAnswer(res, jsonAnswer(500, { error: { message: `provider-sim failure: ${String(error)}` } }));
      } else res.destroy();
    });
  });
  // Replays with `split` rely on each small write leaving as its own packet.
  server.on('connection', (socket) => socket.setNoDelay(true));
  return server;
}
