import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import type { ProviderId } from '../models';
import { classify, type ErrorFacts } from './error-classify';
import { ProviderError, type ProviderErrorCode } from './errors';
import { isRecord, tryParseJson } from './json-guards';
import { readableText, withUpstreamCause } from './upstream-cause';

/**
 * Maps every provider's error statuses and bodies onto the closed code set (SPEC.md ER2–ER11).
 * Error bodies are a trust boundary on a cold path, so they are read with a zod schema.
 */

const optionalString = z.string().optional().catch(undefined);

const ErrorDetailSchema = z.object({
  message: optionalString,
  type: optionalString,
  code: z.union([z.string(), z.number()]).nullish().catch(undefined),
  /** Google's canonical status name, e.g. RESOURCE_EXHAUSTED. */
  status: optionalString,
  details: z
    .array(z.object({ reason: optionalString }).catch({}))
    .optional()
    .catch(undefined),
  /** Anthropic's `details: { error_code }` (a spend limit reached, told apart from a rate limit). */
  anthropicDetails: z.object({ error_code: optionalString }).optional().catch(undefined),
});

function factsFromDetail(detail: unknown): ErrorFacts | undefined {
  // Google's `details` is a list, Anthropic's an object: each is read by its own field.
  const anthropicDetails = isRecord(detail) && isRecord(detail.details) ? detail.details : undefined;
  const parsed = ErrorDetailSchema.safeParse(isRecord(detail) ? { ...detail, anthropicDetails } : detail);
  if (!parsed.success) return undefined;
  const { message, type, code, status, details } = parsed.data;
  // Some clients and gateways put Google's whole raw body, as a string, in error.message.
  if (message && message.trimStart().startsWith('{')) {
    const inner = factsFromJson(tryParseJson(message));
    if (inner) return inner;
  }
  const names = [
    type,
    typeof code === 'string' ? code : undefined,
    status,
    ...(details ?? []).map((d) => d.reason),
    parsed.data.anthropicDetails?.error_code,
  ]
    .filter((n): n is string => typeof n === 'string' && n.length > 0)
    .map((n) => n.toLowerCase());
  const facts: ErrorFacts = { message, names, numericCode: typeof code === 'number' ? code : undefined };
  // ER16: OpenRouter says why the upstream provider failed in `metadata.raw` and `provider_name`.
  return isRecord(detail) && isRecord(detail.metadata)
    ? withUpstreamCause(facts, detail.metadata, factsFromJson)
    : facts;
}

function factsFromJson(value: unknown): ErrorFacts | undefined {
  // ER7: gateways wrap the error object in an array.
  if (Array.isArray(value)) {
    for (const item of value) {
      const facts = factsFromJson(item);
      if (facts) return facts;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  const inner = value.error;
  // ER17: `{"code": "QUOTA_EXCEEDED", "error": "Daily quota … exceeded"}`: the code names it.
  const topCode = typeof value.code === 'string' ? [value.code.toLowerCase()] : [];
  if (typeof inner === 'string') return { message: inner, names: topCode, numericCode: undefined };
  if (isRecord(inner)) return factsFromDetail(inner);
  if (typeof value.message === 'string' || typeof value.type === 'string') return factsFromDetail(value);
  // ER15: FastAPI-style servers and proxies answer `{"detail": "…"}`.
  if (typeof value.detail === 'string') return { message: value.detail, names: [], numericCode: undefined };
  return undefined;
}

/** ER8: the first JSON value in an error body: plain JSON, JSON after a prefix, or an SSE event's data. */
function jsonInBody(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed.startsWith('data:') || trimmed.startsWith('event:')) {
    let found: unknown;
    const parser = createParser({
      onEvent: (event) => {
        if (found === undefined) found = tryParseJson(event.data);
      },
    });
    parser.feed(`${trimmed}\n\n`);
    if (found !== undefined) return found;
  }
  const whole = tryParseJson(trimmed);
  if (whole !== undefined) return whole;
  const start = trimmed.search(/[[{]/);
  const end = Math.max(trimmed.lastIndexOf('}'), trimmed.lastIndexOf(']'));
  return start >= 0 && end > start ? tryParseJson(trimmed.slice(start, end + 1)) : undefined;
}

/** ER8: names recognised inside bodies that are not JSON (Python reprs, "401 <message>" strings). */
const sniffedNames = [
  'invalid_api_key',
  'api_key_invalid',
  'authentication_error',
  'insufficient_quota',
  'billing_error',
  'credit_balance_exhausted',
  'context_length_exceeded',
  'request_too_large',
  'rate_limit_exceeded',
  'rate_limit_error',
  'resource_exhausted',
  'overloaded_error',
  'permission_error',
  'not_found_error',
  'model_not_found',
  'exceed_context_size_error',
] as const;

function factsFromBody(text: string): ErrorFacts {
  const facts = factsFromJson(jsonInBody(text));
  if (facts) return facts;
  const lower = text.toLowerCase();
  return {
    // ER15: a plain-text or HTML page (a proxy's 429) is shown as its readable words.
    message: readableText(text, 1000) || undefined,
    names: sniffedNames.filter((name) => lower.includes(name)),
    numericCode: undefined,
  };
}

/** An HTTP response with a non-2xx status (ER2–ER7, ER10). */
export function errorFromResponse(provider: ProviderId, status: number, bodyText: string): ProviderError {
  const facts = factsFromBody(bodyText);
  return new ProviderError({
    code: classify(facts, status),
    provider,
    status,
    providerMessage: facts.message ?? `HTTP ${status}`,
    rawBody: bodyText,
  });
}

/** An error object that arrived inside a 200 stream, already parsed from JSON (ER9). */
export function errorFromStreamPayload(
  provider: ProviderId,
  payload: unknown,
  rawBody: string,
): ProviderError {
  const facts = factsFromJson(payload) ?? factsFromBody(rawBody);
  return new ProviderError({
    code: classify(facts, undefined),
    provider,
    status: facts.numericCode,
    providerMessage: facts.message ?? 'The provider reported an error in the stream',
    rawBody,
  });
}

/** Why a request was stopped locally, when it was. */
export type LocalStopReason = 'aborted' | 'timeout' | undefined;

/** fetch() itself failed or a read failed (ER11): a TypeError is the network; an abort is ours. */
export function errorFromFetchFailure(
  provider: ProviderId,
  error: unknown,
  stop: LocalStopReason,
  responseStarted: boolean,
): ProviderError {
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  let code: ProviderErrorCode;
  if (stop === 'timeout' || name === 'TimeoutError') code = 'timeout';
  else if (stop === 'aborted' || name === 'AbortError') code = 'aborted';
  else if (responseStarted) code = 'stream_interrupted';
  else if (error instanceof TypeError) code = 'offline';
  else code = 'provider_error';
  return new ProviderError({ code, provider, providerMessage: message, cause: error });
}
