// OpenAI Chat Completions (`POST /v1/chat/completions`), also serving OpenRouter (`/api/v1/...` or a model id
// with a '/') and any custom OpenAI-compatible client.
import { headerValue, isRecord } from './http-io';
import type { HttpAnswer } from './http-io';
import {
  openaiBadRequest,
  openaiContextOverflow,
  openaiErrorFor,
  openaiInvalidKey,
  openaiMissingKey,
  openrouterBadRequest,
  openrouterContextOverflow,
  openrouterErrorFor,
  openrouterInvalidKey,
  openrouterMissingKey,
} from './openai-errors';
import { localContextOverflow } from './compatible-errors';
import { openaiJsonReply, openaiStreamScript } from './openai-wire';
import type { ChatContext, ProviderAdapter } from './provider-adapter';
import { judgeKey } from './provider-adapter';
import type { ChatRequest } from './reply-plan';
import { countTextChars, textOfParts } from './request-text';
import { readTokenLimit } from './token-limit';
import { openaiRequestProblem, openrouterRequestProblem } from './request-checks';

const OPENROUTER_PREFIX = '/api/v1/';

function isOpenRouter(ctx: ChatContext): boolean {
  if (ctx.url.pathname.startsWith(OPENROUTER_PREFIX)) return true;
  return isRecord(ctx.body) && typeof ctx.body.model === 'string' && ctx.body.model.includes('/');
}

function bearerKey(ctx: ChatContext): string | undefined {
  const header = headerValue(ctx.req, 'authorization');
  const match = header ? /^Bearer\s+(.*)$/i.exec(header) : null;
  return match?.[1];
}

function readRequest(ctx: ChatContext): ChatRequest | HttpAnswer {
  const openrouter = isOpenRouter(ctx);
  const body = ctx.body;
  if (!isRecord(body)) {
    const message =
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)";
    return openrouter ? openrouterBadRequest('Invalid JSON body') : openaiBadRequest(message);
  }
  if (typeof body.model !== 'string' || body.model === '') {
    return openrouter
      ? openrouterBadRequest('No models provided')
      : openaiBadRequest('you must provide a model parameter');
  }
  if (!Array.isArray(body.messages)) {
    return openrouter
      ? openrouterBadRequest('Input required: specify "prompt" or "messages"')
      : openaiBadRequest("Missing required parameter: 'messages'.", 'messages', 'missing_required_parameter');
  }
  // Reasoning and sampling fields in the provider's own shape, refused in its own words otherwise.
  if (openrouter) {
    const problem = openrouterRequestProblem(body);
    if (problem) return openrouterBadRequest(problem);
  } else {
    const problem = openaiRequestProblem(body);
    if (problem) return openaiBadRequest(problem.message, problem.param, problem.code);
  }
  const messages = body.messages.filter(isRecord);
  const last = messages[messages.length - 1];
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const isToolResult = last?.role === 'tool' || last?.role === 'function';
  // Parallel calls end the request with one result message each: all of them are the result text.
  const trailingResults: Record<string, unknown>[] = [];
  for (let at = messages.length - 1; at >= 0; at -= 1) {
    const message = messages[at] as Record<string, unknown>;
    if (message.role !== 'tool' && message.role !== 'function') break;
    trailingResults.unshift(message);
  }
  const streamOptions = isRecord(body.stream_options) ? body.stream_options : {};
  const toolNames = (Array.isArray(body.tools) ? body.tools : [])
    .map((tool: unknown) => (isRecord(tool) && isRecord(tool.function) ? tool.function.name : undefined))
    .filter((name): name is string => typeof name === 'string');
  return {
    flavour: openrouter ? 'openrouter' : 'openai',
    model: body.model,
    stream: body.stream === true,
    lastUserText: textOfParts(lastUser?.content),
    toolResultText: isToolResult ? trailingResults.map((m) => textOfParts(m.content)).join('\n') : null,
    requestChars: countTextChars(messages),
    toolNames,
    includeUsage: streamOptions.include_usage === true,
    sse: true,
    // Older clients send max_tokens, newer ones (and reasoning models) max_completion_tokens.
    maxTokens: readTokenLimit(body.max_tokens) ?? readTokenLimit(body.max_completion_tokens),
  };
}

export const openaiAdapter: ProviderAdapter = {
  checkAuth(ctx) {
    const openrouter = isOpenRouter(ctx);
    const verdict = judgeKey(bearerKey(ctx));
    if (verdict === 'missing') return openrouter ? openrouterMissingKey() : openaiMissingKey();
    if (verdict === 'invalid')
      return openrouter ? openrouterInvalidKey() : openaiInvalidKey(bearerKey(ctx) ?? '');
    return null;
  },
  readRequest,
  badRequest: (message, request) =>
    request.flavour === 'openrouter' ? openrouterBadRequest(message) : openaiBadRequest(message),
  errorFor: (status, variant, request) =>
    request.flavour === 'openrouter'
      ? openrouterErrorFor(status, variant, request.model)
      : openaiErrorFor(status, variant, request.model),
  contextOverflow: (promptTokens, limitTokens, request, server) =>
    request.flavour === 'openrouter'
      ? openrouterContextOverflow(promptTokens, limitTokens)
      : server
        ? localContextOverflow(server, promptTokens, limitTokens)
        : openaiContextOverflow(promptTokens, limitTokens),
  streamScript: openaiStreamScript,
  jsonReply: openaiJsonReply,
  failureStatus: 500,
};
