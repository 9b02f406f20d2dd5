// Anthropic Messages API (`POST /v1/messages`): x-api-key and anthropic-version headers are required.
import {
  anthropicBadRequest,
  anthropicBrowserNotAllowed,
  anthropicContextOverflow,
  anthropicErrorFor,
  anthropicInvalidKey,
  anthropicMissingKey,
} from './anthropic-errors';
import { anthropicJsonReply, anthropicStreamScript } from './anthropic-wire';
import type { HttpAnswer } from './http-io';
import { headerValue, isRecord } from './http-io';
import type { ChatContext, ProviderAdapter } from './provider-adapter';
import { judgeKey } from './provider-adapter';
import type { ChatRequest } from './reply-plan';
import { countTextChars, textOfParts } from './request-text';
import { readTokenLimit } from './token-limit';
import { anthropicRequestProblem } from './request-checks';

type Json = Record<string, unknown>;

function toolResultsOf(message: Json | undefined): Json[] {
  if (!message || message.role !== 'user' || !Array.isArray(message.content)) return [];
  return message.content.filter((block): block is Json => isRecord(block) && block.type === 'tool_result');
}

function readRequest(ctx: ChatContext): ChatRequest | HttpAnswer {
  const body = ctx.body;
  if (!isRecord(body))
    return anthropicBadRequest('There was an error parsing the body of your request: invalid JSON');
  if (typeof body.model !== 'string') return anthropicBadRequest('model: Field required');
  if (!Array.isArray(body.messages)) return anthropicBadRequest('messages: Field required');
  if (typeof body.max_tokens !== 'number') return anthropicBadRequest('max_tokens: Field required');
  const problem = anthropicRequestProblem(body);
  if (problem) return anthropicBadRequest(problem);
  const messages = body.messages.filter(isRecord);
  // Tool results travel in user messages; directives live in the last user message that has text.
  const lastUser = [...messages].reverse().find((m) => m.role === 'user' && textOfParts(m.content) !== '');
  const toolResults = toolResultsOf(messages[messages.length - 1]);
  const toolNames = (Array.isArray(body.tools) ? body.tools : [])
    .map((tool: unknown) => (isRecord(tool) ? tool.name : undefined))
    .filter((name): name is string => typeof name === 'string');
  return {
    flavour: 'anthropic',
    model: body.model,
    stream: body.stream === true,
    lastUserText: textOfParts(lastUser?.content),
    toolResultText: toolResults.length > 0 ? toolResults.map((r) => textOfParts(r.content)).join('\n') : null,
    requestChars: countTextChars(body.system) + countTextChars(messages),
    toolNames,
    includeUsage: true,
    sse: true,
    maxTokens: readTokenLimit(body.max_tokens),
  };
}

export const anthropicAdapter: ProviderAdapter = {
  checkAuth(ctx) {
    const verdict = judgeKey(headerValue(ctx.req, 'x-api-key'));
    if (verdict === 'missing') return anthropicMissingKey();
    if (verdict === 'invalid') return anthropicInvalidKey();
    const fromBrowser = headerValue(ctx.req, 'origin') !== undefined;
    if (fromBrowser && headerValue(ctx.req, 'anthropic-dangerous-direct-browser-access') !== 'true') {
      return anthropicBrowserNotAllowed();
    }
    if (!headerValue(ctx.req, 'anthropic-version'))
      return anthropicBadRequest('anthropic-version: header is required');
    return null;
  },
  readRequest,
  badRequest: (message) => anthropicBadRequest(message),
  errorFor: (status, variant, request) => anthropicErrorFor(status, variant, request.model),
  contextOverflow: (promptTokens, limitTokens) => anthropicContextOverflow(promptTokens, limitTokens),
  streamScript: anthropicStreamScript,
  jsonReply: anthropicJsonReply,
  failureStatus: 529,
};
