import { createParser } from 'eventsource-parser';
import { z } from 'zod';
import type { ProviderId } from '../models/model-descriptor';
import { ProviderError, type ProviderErrorCode } from './errors';
import { isRecord, tryParseJson } from './json-guards';

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

interface ErrorFacts {
  message: string | undefined;
  /** Lower-cased names the provider used: error.type, a string error.code, Google status and reasons. */
  names: string[];
  /** A numeric error.code (OpenRouter, llama.cpp, Google put the HTTP status there). */
  numericCode: number | undefined;
}

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
  return { message, names, numericCode: typeof code === 'number' ? code : undefined };
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
  if (typeof inner === 'string') return { message: inner, names: [], numericCode: undefined };
  if (isRecord(inner)) return factsFromDetail(inner);
  if (typeof value.message === 'string' || typeof value.type === 'string') return factsFromDetail(value);
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
] as const;

function factsFromBody(text: string): ErrorFacts {
  const facts = factsFromJson(jsonInBody(text));
  if (facts) return facts;
  const lower = text.toLowerCase();
  return {
    message: text.trim().slice(0, 1000) || undefined,
    names: sniffedNames.filter((name) => lower.includes(name)),
    numericCode: undefined,
  };
}

/**
 * ER12: names that mean the account cannot pay, whatever else the body says: they decide before
 * any other name (Anthropic sends a spent limit as `rate_limit_error` with this in its details;
 * OpenAI's billing codes come with the type `insufficient_quota` or without it).
 */
const billingNames: ReadonlySet<string> = new Set([
  'insufficient_quota',
  'billing_error',
  'credit_balance_exhausted',
  'organization_spend_limit_exceeded',
  'project_spend_limit_exceeded',
  'organization_usage_limit_exceeded',
  'enforced_spend_limit_reached',
]);

const nameToCode: ReadonlyMap<string, ProviderErrorCode> = new Map([
  ['invalid_api_key', 'invalid_api_key'],
  ['api_key_invalid', 'invalid_api_key'],
  ['authentication_error', 'invalid_api_key'],
  ['unauthenticated', 'invalid_api_key'],
  ['insufficient_quota', 'insufficient_quota'],
  ['billing_error', 'insufficient_quota'],
  ['context_length_exceeded', 'context_length_exceeded'],
  ['request_too_large', 'context_length_exceeded'],
  ['rate_limit_exceeded', 'rate_limited'],
  ['rate_limit_error', 'rate_limited'],
  ['resource_exhausted', 'rate_limited'],
  ['overloaded_error', 'overloaded'],
  ['unavailable', 'overloaded'],
  ['permission_error', 'permission_denied'],
  ['permission_denied', 'permission_denied'],
  ['not_found_error', 'not_found'],
  ['model_not_found', 'not_found'],
  ['not_found', 'not_found'],
  ['content_filter', 'content_filter'],
  ['content_policy_violation', 'content_filter'],
  ['timeout_error', 'timeout'],
  ['deadline_exceeded', 'timeout'],
  ['api_error', 'server_error'],
  ['server_error', 'server_error'],
  ['internal', 'server_error'],
]);

/** Generic names that only decide when neither a specific name nor the status does. */
const fallbackNameToCode: ReadonlyMap<string, ProviderErrorCode> = new Map([
  ['invalid_request_error', 'bad_request'],
  ['invalid_argument', 'bad_request'],
  ['failed_precondition', 'bad_request'],
]);

const messageRules: readonly [RegExp, ProviderErrorCode][] = [
  [/api key not valid|incorrect api key|invalid x-api-key|invalid api key/i, 'invalid_api_key'],
  [
    /credit balance is too low|insufficient credits|insufficient_quota|requires more credits|reached your specified (?:workspace )?API usage limits/i,
    'insufficient_quota',
  ],
  [
    /maximum context length|prompt is too long|exceeds the maximum number of tokens|context window|context_length_exceeded/i,
    'context_length_exceeded',
  ],
  [/overloaded|high demand/i, 'overloaded'],
];

function codeFromStatus(status: number): ProviderErrorCode | undefined {
  if (status === 400 || status === 422) return 'bad_request';
  if (status === 401) return 'invalid_api_key';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_denied';
  if (status === 404) return 'not_found';
  if (status === 408) return 'timeout';
  if (status === 413) return 'context_length_exceeded';
  if (status === 429) return 'rate_limited';
  if (status === 503 || status === 529) return 'overloaded';
  if (status >= 500 && status <= 599) return 'server_error';
  return undefined;
}

function classify(facts: ErrorFacts, status: number | undefined): ProviderErrorCode {
  if (facts.names.some((name) => billingNames.has(name))) return 'insufficient_quota';
  for (const name of facts.names) {
    const code = nameToCode.get(name);
    if (code) return code;
  }
  if (facts.message) {
    for (const [pattern, code] of messageRules) if (pattern.test(facts.message)) return code;
  }
  const httpStatus = status !== undefined && status !== 200 ? status : facts.numericCode;
  const byStatus = httpStatus === undefined ? undefined : codeFromStatus(httpStatus);
  if (byStatus) return byStatus;
  for (const name of facts.names) {
    const code = fallbackNameToCode.get(name);
    if (code) return code;
  }
  return 'provider_error';
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
