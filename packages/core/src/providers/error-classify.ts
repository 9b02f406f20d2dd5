import type { ProviderErrorCode } from './errors';

/**
 * The error facts of one body, and the order they decide its code in (SPEC.md ER1, ER12–ER15): the
 * HTTP status first, refined by the body's names and message where the status leaves room.
 */
export interface ErrorFacts {
  message: string | undefined;
  /** Lower-cased names the provider used: error.type, a string error.code, Google status and reasons. */
  names: string[];
  /** A numeric error.code (OpenRouter, llama.cpp, Google put the HTTP status there). */
  numericCode: number | undefined;
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
  // IG8: the image endpoints' 400 when the account's hard limit is spent.
  'billing_hard_limit_reached',
]);

/** Names specific enough to refine what the status says. */
const nameToCode: ReadonlyMap<string, ProviderErrorCode> = new Map([
  ['invalid_api_key', 'invalid_api_key'],
  ['api_key_invalid', 'invalid_api_key'],
  ['authentication_error', 'invalid_api_key'],
  ['unauthenticated', 'invalid_api_key'],
  ['insufficient_quota', 'insufficient_quota'],
  ['billing_error', 'insufficient_quota'],
  ['context_length_exceeded', 'context_length_exceeded'],
  ['request_too_large', 'context_length_exceeded'],
  ['exceed_context_size_error', 'context_length_exceeded'],
  ['rate_limit_exceeded', 'rate_limited'],
  ['rate_limit_error', 'rate_limited'],
  ['resource_exhausted', 'rate_limited'],
  // ER17: the codes other servers and gateways use for a limit that passes.
  ['rate_limited', 'rate_limited'],
  ['ratelimited', 'rate_limited'],
  ['too_many_requests', 'rate_limited'],
  ['quota_exceeded', 'rate_limited'],
  ['daily_quota_exceeded', 'rate_limited'],
  ['tokens_per_minute_exceeded', 'rate_limited'],
  ['requests_per_minute_exceeded', 'rate_limited'],
  ['overloaded_error', 'overloaded'],
  ['unavailable', 'overloaded'],
  ['permission_error', 'permission_denied'],
  ['permission_denied', 'permission_denied'],
  ['not_found_error', 'not_found'],
  ['model_not_found', 'not_found'],
  ['not_found', 'not_found'],
  // PR29: the organisation's own limit on its hosted models, answered by its relay.
  ['rate_limited:hosted', 'organisation_limit'],
  ['content_filter', 'content_filter'],
  ['content_policy_violation', 'content_filter'],
  // IG8: OpenAI's image models refuse a prompt or picture with `moderation_blocked`.
  ['moderation_blocked', 'content_filter'],
  ['timeout_error', 'timeout'],
  ['deadline_exceeded', 'timeout'],
]);

/**
 * ER13: generic labels only decide when there is no status: some OpenAI-compatible servers (Ollama)
 * call every error `api_error` whatever went wrong, so a 401 labelled so is still a bad key.
 */
const genericNameToCode: ReadonlyMap<string, ProviderErrorCode> = new Map([
  ['invalid_request_error', 'bad_request'],
  ['invalid_argument', 'bad_request'],
  ['failed_precondition', 'bad_request'],
  ['api_error', 'server_error'],
  ['server_error', 'server_error'],
  ['internal', 'server_error'],
]);

/**
 * ER14: context overflow in the words of each server: OpenAI, vLLM and Mistral ("maximum context
 * length", vLLM's "longer than the maximum model length"), Anthropic ("prompt is too long"), Gemini
 * ("exceeds the maximum number of tokens"), llama.cpp ("exceeds the available context size"),
 * Ollama ("prompt too long; exceeded max context length"), LM Studio ("when context the overflows",
 * "Context size has been exceeded"), Together ("longer than the model's context length").
 */
const CONTEXT_OVERFLOW =
  /maximum context length|max context length|prompt is too long|prompt too long|exceeds the maximum number of tokens|context window|context_length_exceeded|exceeds? the available context size|exceed_context_size|context size has been exceeded|when context the overflows|longer than the maximum model length|longer than the model's context length|exceeds? (?:the )?context length/i;

/** ER17: "try again in 20 minutes", "Please retry in 37.5s", "retry after 30 seconds". */
const RETRY_WAIT = /\b(?:try|retry)(?: again)? (?:in|after) (?:about |around )?\d/i;

const messageRules: readonly [RegExp, ProviderErrorCode][] = [
  [/api key not valid|incorrect api key|invalid x-api-key|invalid api key/i, 'invalid_api_key'],
  [
    /credit balance is too low|insufficient credits|insufficient_quota|requires more credits|reached your specified (?:workspace )?API usage limits/i,
    'insufficient_quota',
  ],
  [CONTEXT_OVERFLOW, 'context_length_exceeded'],
  // An overload that says when to come back is still an overload: it decides first.
  [/overloaded|high demand/i, 'overloaded'],
  // ER17: a limit that names when to come back passes, whatever it calls itself (a daily token
  // quota, requests per minute).
  [RETRY_WAIT, 'rate_limited'],
  [/rate.?limit|too many requests/i, 'rate_limited'],
  // ER13: a model the server does not have, whatever the status says (OpenRouter answers 400).
  [/not a valid model id|\bmodel\b[^.]{0,80}\b(?:does not exist|not found)|unknown model/i, 'not_found'],
];

/** ER15: a 429 whose body names no rate limit but speaks of quota or billing cannot be paid for. */
const QUOTA_WORDS = /quota|billing|insufficient/i;

/** What the body says by its specific names, then by its message. */
function codeFromBody(facts: ErrorFacts): ProviderErrorCode | undefined {
  for (const name of facts.names) {
    const code = nameToCode.get(name);
    if (code) return code;
  }
  if (facts.message) {
    for (const [pattern, code] of messageRules) if (pattern.test(facts.message)) return code;
  }
  return undefined;
}

function codeFromGenericName(facts: ErrorFacts): ProviderErrorCode | undefined {
  for (const name of facts.names) {
    const code = genericNameToCode.get(name);
    if (code) return code;
  }
  return undefined;
}

/** ER6: what a status means without a useful body. */
export function codeFromStatus(status: number): ProviderErrorCode | undefined {
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

/**
 * ER13: the status decides first where it is specific (401/403 the key, 404 not found, 413 too
 * large, 429 rate limit or quota, 5xx the server); the body refines it inside that category. Other
 * statuses (400, 422) and errors inside a stream are decided by the body, then the status.
 */
export function classify(facts: ErrorFacts, status: number | undefined): ProviderErrorCode {
  if (facts.names.some((name) => billingNames.has(name))) return 'insufficient_quota';
  const body = codeFromBody(facts);
  if (body === 'insufficient_quota') return body;
  const httpStatus = status !== undefined && status !== 200 ? status : facts.numericCode;
  if (httpStatus === 401 || httpStatus === 403) {
    if (
      body === 'invalid_api_key' ||
      body === 'permission_denied' ||
      body === 'content_filter' ||
      // ER17: gateways answer a spent quota with 403; a 401 is always about the key.
      (body === 'rate_limited' && httpStatus === 403)
    )
      return body;
    return httpStatus === 401 ? 'invalid_api_key' : 'permission_denied';
  }
  if (httpStatus === 404) return 'not_found';
  if (httpStatus === 413) return 'context_length_exceeded';
  if (httpStatus === 402) return 'insufficient_quota';
  if (httpStatus === 429) {
    if (body === 'rate_limited' || body === 'organisation_limit') return body;
    return facts.message && QUOTA_WORDS.test(facts.message) ? 'insufficient_quota' : 'rate_limited';
  }
  if (httpStatus !== undefined && httpStatus >= 500 && httpStatus <= 599) {
    return body && body !== 'bad_request' ? body : (codeFromStatus(httpStatus) ?? 'server_error');
  }
  if (body) return body;
  const byStatus = httpStatus === undefined ? undefined : codeFromStatus(httpStatus);
  return byStatus ?? codeFromGenericName(facts) ?? 'provider_error';
}

const WAIT_UNITS: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  second: 1,
  m: 60,
  min: 60,
  minute: 60,
  h: 3600,
  hour: 3600,
};

/**
 * ER17: the wait a limit names, in seconds ("try again in 20 minutes", "Please retry in 37.5s",
 * "retry after 1m30s", "in 2 hours"); undefined when it names none.
 */
export function retryWaitSeconds(message: string): number | undefined {
  const match =
    /\b(?:try|retry)(?: again)? (?:in|after) (?:about |around )?((?:\d+(?:\.\d+)?\s*[a-z]+\s*)+)/i.exec(
      message,
    );
  if (!match) return undefined;
  let total = 0;
  let found = false;
  for (const part of match[1]!.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi)) {
    const word = part[2]!.toLowerCase();
    const unit = word.length > 1 ? word.replace(/s$/, '') : word;
    const factor = WAIT_UNITS[unit] ?? WAIT_UNITS[unit.slice(0, 3)] ?? WAIT_UNITS[unit.slice(0, 1)];
    if (factor === undefined) break;
    total += Number(part[1]) * factor;
    found = true;
  }
  return found ? Math.ceil(total) : undefined;
}
