import type { DynamicContextEndpoint, EndpointRow } from '../entities';
import { estimateTokens } from '../models';

/**
 * Dynamic context endpoints (rules DC*, agents/SPEC.md): called from the browser before each answer
 * of an agent's chat; what they answer goes into the system message under their name. A failing
 * endpoint never blocks the answer: it becomes a failed result the chat shows under the answer.
 */

export const DYNAMIC_CONTEXT_TIMEOUT_MS = 7000;
/** Spec section 9: responses over 15% of the model's context are truncated. */
export const DYNAMIC_CONTEXT_SHARE = 0.15;
/** Bytes read at most from one response; past this it is cut anyway (15% of a 1M context is ~600 kB). */
export const DYNAMIC_CONTEXT_MAX_BYTES = 2_000_000;
export const TRUNCATION_MARKER = '[… truncated: the response was longer than 15% of the model’s context]';

/** The values `{placeholders}` in the URL, header and body rows are filled with (DC2). */
export type DynamicContextValues = {
  lastUserMessage: string;
  chatID: string;
  chatTitle: string;
  /** The user's local date and time, as the SM2 placeholders write them. */
  localDate: string;
  localTime: string;
};

export type DynamicContextResult =
  { name: string; ok: true; text: string; truncated: boolean } | { name: string; ok: false; error: string };

export type DynamicContextRequest = { url: string; init: RequestInit };

/** A `{placeholder}` in a URL, header or body value (DC2). */
export const PLACEHOLDER = /\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;

function valueOf(name: string, values: DynamicContextValues): string | undefined {
  switch (name.replace(/_/g, '').toLowerCase()) {
    case 'lastusermessage':
    case 'message':
      return values.lastUserMessage;
    case 'chatid':
      return values.chatID;
    case 'chattitle':
      return values.chatTitle;
    case 'localdate':
      return values.localDate;
    case 'localtime':
      return values.localTime;
    default:
      return undefined;
  }
}

/** DC2: known placeholders are replaced (through `encode`); unknown braces stay as written. */
export function fillEndpointTemplate(
  template: string,
  values: DynamicContextValues,
  encode: (value: string) => string = (value) => value,
): string {
  return template.replace(PLACEHOLDER, (match, name: string) => {
    const value = valueOf(name, values);
    return value === undefined ? match : encode(value);
  });
}

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** DC3: the method the request is sent with (anything unknown is a GET). */
export function endpointMethod(endpoint: DynamicContextEndpoint): string {
  const method = endpoint.method.toUpperCase();
  return METHODS.has(method) ? method : 'GET';
}

/** The header or body rows that are sent: those with a name, the name trimmed, values as written. */
export function sentRows(rows: readonly EndpointRow[]): [string, string][] {
  return rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), row.value]);
}

function filledRows(rows: readonly EndpointRow[], values: DynamicContextValues): [string, string][] {
  return sentRows(rows).map(([key, value]) => [key, fillEndpointTemplate(value, values)]);
}

/**
 * DC3: the HTTP request of one endpoint. Placeholders in the URL are URL-encoded; header values lose
 * line breaks; body rows make a JSON object (values that parse as JSON are sent as JSON) for any
 * method but GET.
 */
export function buildDynamicContextRequest(
  endpoint: DynamicContextEndpoint,
  values: DynamicContextValues,
): DynamicContextRequest {
  const method = endpointMethod(endpoint);
  const url = fillEndpointTemplate(endpoint.url.trim(), values, encodeURIComponent);
  const headers: Record<string, string> = {};
  for (const [key, value] of filledRows(endpoint.headers, values)) {
    headers[key] = value.replace(/[\r\n]+/g, ' ');
  }
  const init: RequestInit = { method, headers, credentials: 'omit', redirect: 'follow' };
  const bodyRows = filledRows(endpoint.body, values);
  if (method !== 'GET' && bodyRows.length > 0) {
    const body: Record<string, unknown> = {};
    for (const [key, value] of bodyRows) body[key] = jsonOrText(value);
    init.body = JSON.stringify(body);
    if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
  }
  return { url, init };
}

function jsonOrText(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** DC5: the token budget of one endpoint's text in a model with this context length. */
export function dynamicContextBudget(contextLength: number): number {
  return Math.max(1, Math.floor(contextLength * DYNAMIC_CONTEXT_SHARE));
}

/** DC5: text over the budget is cut at a line or word end near it, and the marker says so. */
export function truncateToBudget(text: string, budgetTokens: number): { text: string; truncated: boolean } {
  if (estimateTokens(text) <= budgetTokens) return { text, truncated: false };
  const room = Math.max(0, budgetTokens - estimateTokens(TRUNCATION_MARKER));
  let low = 0;
  let high = Math.min(text.length, room * 8);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (estimateTokens(text.slice(0, mid)) <= room) low = mid;
    else high = mid - 1;
  }
  let cut = text.slice(0, low);
  const lastBreak = Math.max(cut.lastIndexOf('\n'), cut.lastIndexOf(' '));
  if (lastBreak > low * 0.8) cut = cut.slice(0, lastBreak);
  return { text: `${cut.trimEnd()}\n${TRUNCATION_MARKER}`, truncated: true };
}

export type DynamicContextDeps = {
  fetch: typeof fetch;
  timeoutMs?: number;
  signal?: AbortSignal;
};

class EndpointFailure extends Error {}

/** Reads at most `maxBytes` of the body as UTF-8; the rest is cancelled. */
async function readBounded(response: Response, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  if (!response.body) return { text: await response.text(), cut: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), cut: false };
    const room = maxBytes - bytes;
    const chunk = value.byteLength > room ? value.subarray(0, room) : value;
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (bytes >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      return { text: text + decoder.decode(), cut: true };
    }
  }
}

/** DC4: JSON is re-indented compactly when it parses; HTML is refused; other text is kept. */
function contextText(body: string, contentType: string): string {
  const type = contentType.toLowerCase();
  const trimmed = body.trim();
  if (type.includes('html') || /^<!doctype html|^<html[\s>]/i.test(trimmed)) {
    throw new EndpointFailure('answered with an HTML page, not text or JSON');
  }
  if (type.includes('json')) {
    try {
      return JSON.stringify(JSON.parse(trimmed) as unknown, null, 1);
    } catch {
      return trimmed;
    }
  }
  return trimmed;
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof EndpointFailure) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.message === 'timeout')) {
    return `did not answer within ${timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`;
  }
  if (error instanceof Error && error.name === 'AbortError') return 'was stopped';
  return 'could not be reached (offline, or the server does not allow this app’s origin: CORS)';
}

/**
 * DC1, DC4, DC6: calls one endpoint with a deadline for the whole answer (headers and body) and turns
 * what it says into context text within the model's budget, or into a failure to show.
 */
export async function fetchDynamicContext(
  endpoint: DynamicContextEndpoint,
  values: DynamicContextValues,
  contextLength: number,
  deps: DynamicContextDeps,
): Promise<DynamicContextResult> {
  const timeoutMs = deps.timeoutMs ?? DYNAMIC_CONTEXT_TIMEOUT_MS;
  const controller = new AbortController();
  const timeout = new Error('timeout');
  timeout.name = 'TimeoutError';
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  const forward = () => controller.abort(deps.signal?.reason);
  deps.signal?.addEventListener('abort', forward, { once: true });
  try {
    const { url, init } = buildDynamicContextRequest(endpoint, values);
    if (!/^https?:\/\//i.test(url)) throw new EndpointFailure('has a URL that is not http:// or https://');
    const work = (async () => {
      const response = await deps.fetch(url, { ...init, signal: controller.signal });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new EndpointFailure(`answered HTTP ${response.status}`);
      }
      const { text } = await readBounded(response, DYNAMIC_CONTEXT_MAX_BYTES);
      return contextText(text, response.headers.get('content-type') ?? '');
    })();
    // Settled by the race below; this keeps a late failure from being reported as unhandled.
    work.catch(() => undefined);
    // A body that stalls after the headers still ends at the deadline.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), {
        once: true,
      });
    });
    const text = await Promise.race([work, aborted]);
    if (text === '') return { name: endpoint.name, ok: false, error: 'answered with nothing' };
    const fitted = truncateToBudget(text, dynamicContextBudget(contextLength));
    return { name: endpoint.name, ok: true, ...fitted };
  } catch (error) {
    return { name: endpoint.name, ok: false, error: describeFailure(error, timeoutMs) };
  } finally {
    clearTimeout(timer);
    deps.signal?.removeEventListener('abort', forward);
  }
}

/** DC1: every endpoint of an agent, at once; results in the agent's order. */
export function fetchAllDynamicContext(
  endpoints: readonly DynamicContextEndpoint[],
  values: DynamicContextValues,
  contextLength: number,
  deps: DynamicContextDeps,
): Promise<DynamicContextResult[]> {
  return Promise.all(endpoints.map((endpoint) => fetchDynamicContext(endpoint, values, contextLength, deps)));
}
