// Gemini API (`POST /v1beta/models/{model}:streamGenerateContent?alt=sse` and `:generateContent`), with the
// key in the `x-goog-api-key` header or the `?key=` query parameter.
import {
  geminiBadRequest,
  geminiContextOverflow,
  geminiErrorFor,
  geminiInvalidKey,
  geminiMissingKey,
} from './gemini-errors';
import { geminiJsonReply, geminiStreamScript } from './gemini-wire';
import type { HttpAnswer } from './http-io';
import { headerValue, isRecord } from './http-io';
import type { ChatContext, ProviderAdapter } from './provider-adapter';
import { judgeKey } from './provider-adapter';
import type { ChatRequest } from './reply-plan';
import { countTextChars, textOfParts } from './request-text';
import { readTokenLimit } from './token-limit';
import { geminiRequestProblem } from './request-checks';

type Json = Record<string, unknown>;

export const GEMINI_ROUTE = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

function routeOf(ctx: ChatContext): { model: string; stream: boolean; sse: boolean } {
  const match = GEMINI_ROUTE.exec(ctx.url.pathname);
  const stream = match?.[2] === 'streamGenerateContent';
  return {
    model: decodeURIComponent(match?.[1] ?? ''),
    stream,
    sse: stream && ctx.url.searchParams.get('alt') === 'sse',
  };
}

/** Errors to an `alt=sse` request come back labelled text/event-stream, with a plain JSON body. */
function labelled(ctx: ChatContext, answer: HttpAnswer): HttpAnswer {
  return routeOf(ctx).sse ? { ...answer, contentType: 'text/event-stream' } : answer;
}

/** A function result's text: its `result`/`output`/`content` string when there is one, else its JSON. */
function functionResultText(response: unknown): string {
  if (isRecord(response)) {
    for (const key of ['result', 'output', 'content']) {
      const value = response[key];
      if (typeof value === 'string') return value;
    }
  }
  return JSON.stringify(response ?? null);
}

function readRequest(ctx: ChatContext): ChatRequest | HttpAnswer {
  const body = ctx.body;
  const route = routeOf(ctx);
  if (!isRecord(body))
    return labelled(ctx, geminiBadRequest('Invalid JSON payload received. Unexpected token.'));
  if (!Array.isArray(body.contents)) {
    return labelled(ctx, geminiBadRequest('* GenerateContentRequest.contents: contents is not specified\n'));
  }
  const problem = geminiRequestProblem(body, route.model);
  if (problem) return labelled(ctx, geminiBadRequest(problem));
  const contents = body.contents.filter(isRecord);
  const lastUser = [...contents]
    .reverse()
    .find((c) => (c.role === 'user' || c.role === undefined) && textOfParts(c.parts) !== '');
  const lastParts = contents[contents.length - 1]?.parts;
  const responses = (Array.isArray(lastParts) ? lastParts : [])
    .filter((part): part is Json => isRecord(part) && isRecord(part.functionResponse))
    .map((part) => functionResultText((part.functionResponse as Json).response));
  const toolNames = (Array.isArray(body.tools) ? body.tools : []).flatMap((tool: unknown) =>
    isRecord(tool) && Array.isArray(tool.functionDeclarations)
      ? tool.functionDeclarations
          .map((declaration: unknown) => (isRecord(declaration) ? declaration.name : undefined))
          .filter((name): name is string => typeof name === 'string')
      : [],
  );
  return {
    flavour: 'gemini',
    model: route.model,
    stream: route.stream,
    lastUserText: textOfParts(lastUser?.parts),
    toolResultText: responses.length > 0 ? responses.join('\n') : null,
    requestChars: countTextChars(body.systemInstruction) + countTextChars(contents),
    toolNames,
    includeUsage: true,
    sse: route.sse,
    maxTokens: isRecord(body.generationConfig) ? readTokenLimit(body.generationConfig.maxOutputTokens) : null,
  };
}

export function geminiApiKey(ctx: ChatContext): string | undefined {
  return headerValue(ctx.req, 'x-goog-api-key') ?? ctx.url.searchParams.get('key') ?? undefined;
}

export const geminiAdapter: ProviderAdapter = {
  checkAuth(ctx) {
    const verdict = judgeKey(geminiApiKey(ctx));
    if (verdict === 'missing') return labelled(ctx, geminiMissingKey());
    if (verdict === 'invalid') return labelled(ctx, geminiInvalidKey());
    return null;
  },
  readRequest,
  badRequest: (message, request) => relabel(request, geminiBadRequest(message)),
  errorFor: (status, variant, request) => relabel(request, geminiErrorFor(status, variant, request.model)),
  contextOverflow: (promptTokens, limitTokens, request) =>
    relabel(request, geminiContextOverflow(promptTokens, limitTokens)),
  streamScript: (reply, request) => geminiStreamScript(reply, request, request.sse),
  jsonReply: geminiJsonReply,
  failureStatus: 503,
};

function relabel(request: ChatRequest, answer: HttpAnswer): HttpAnswer {
  return request.stream && request.sse ? { ...answer, contentType: 'text/event-stream' } : answer;
}
