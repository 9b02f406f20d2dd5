import type { ModelDescriptor } from '../models';
import type { BuiltRequest, ChatRequest } from './chat-request';
import { foldSystemIntoFirstUser } from './message-content';
import { defaultEndpoint } from './provider-endpoints';
import { dialectOf } from './provider-registry';
import type { RequestParts } from './request-parts';
import { buildRelayRequest } from './relay-request';

/** Turns a provider-neutral ChatRequest into the URL and fetch init of the model's wire format. */

/** Row values that are JSON (numbers, booleans, objects) are sent as such; anything else as text. */
function rowValue(value: string): unknown {
  const trimmed = value.trim();
  if (trimmed === '') return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

function setHeader(headers: Record<string, string>, name: string, value: string): void {
  // Header names are case-insensitive: a row replaces the builder's header, never doubles it.
  for (const existing of Object.keys(headers)) {
    if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  }
  headers[name] = value;
}

function setBodyField(body: Record<string, unknown>, key: string, value: unknown): void {
  // null removes a field the builder set (e.g. stream_options for servers that reject it).
  if (value === null) delete body[key];
  else body[key] = value;
}

/** PR3: a custom model's endpoint, header rows, bodyParams and body rows are applied last. */
function applyModelOverrides(model: ModelDescriptor, parts: RequestParts): RequestParts {
  const headers = { ...parts.headers };
  for (const row of model.headerRows ?? []) if (row.key.trim()) setHeader(headers, row.key.trim(), row.value);
  const body = { ...parts.body };
  for (const [key, value] of Object.entries(model.bodyParams ?? {})) setBodyField(body, key, value);
  for (const row of model.bodyRows ?? [])
    if (row.key.trim()) setBodyField(body, row.key.trim(), rowValue(row.value));
  return { url: model.endpoint?.trim() || parts.url, headers, body };
}

function buildParts(request: ChatRequest): RequestParts {
  const base = (request.endpoint ?? defaultEndpoint(request.model)).replace(/\/+$/, '');
  // PR2: models without system-message support get it folded into the first user message.
  const prepared =
    request.model.system === false
      ? { ...request, messages: foldSystemIntoFirstUser(request.messages) }
      : request;
  return dialectOf(request.model).buildRequest(prepared, base);
}

export function buildRequest(request: ChatRequest): BuiltRequest {
  if (request.relay) return buildRelayRequest({ ...request, relay: request.relay });
  const parts = applyModelOverrides(request.model, buildParts(request));
  return {
    url: parts.url,
    init: { method: 'POST', headers: parts.headers, body: JSON.stringify(parts.body) },
  };
}
