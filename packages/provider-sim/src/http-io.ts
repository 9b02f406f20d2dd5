import type { IncomingMessage, ServerResponse } from 'node:http';

/** A complete non-streaming HTTP answer: provider error bodies, JSON replies, model lists. */
export interface HttpAnswer {
  status: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Response headers a browser client may read (rate-limit hints and request ids live there). */
const EXPOSED_HEADERS = [
  'content-type',
  'retry-after',
  'retry-after-ms',
  'request-id',
  'x-request-id',
  'x-ratelimit-limit-requests',
  'x-ratelimit-limit-tokens',
  'x-ratelimit-remaining-requests',
  'x-ratelimit-remaining-tokens',
  'x-ratelimit-reset-requests',
  'x-ratelimit-reset-tokens',
  'anthropic-ratelimit-requests-remaining',
  'anthropic-ratelimit-tokens-remaining',
  'openai-processing-ms',
].join(', ');

/** Permissive CORS on every response: the browser app calls the simulator directly. */
export function applyCorsHeaders(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin ?? '*');
  if (origin) res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
}

/** Answers a CORS preflight: 204, echoing the requested headers and allowing every method we serve. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  res.setHeader('access-control-allow-headers', requested ?? '*');
  res.setHeader('access-control-allow-methods', 'GET, POST, DELETE, OPTIONS');
  res.setHeader('access-control-max-age', '86400');
  // Chrome's private network access check: a public page calling a simulator on localhost.
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('access-control-allow-private-network', 'true');
  }
  res.writeHead(204);
  res.end();
}

export function sendAnswer(res: ServerResponse, answer: HttpAnswer): void {
  res.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json',
    ...answer.headers,
  });
  res.end(answer.body);
}

export function jsonAnswer(status: number, value: unknown, headers?: Record<string, string>): HttpAnswer {
  return { status, body: JSON.stringify(value), headers };
}

/** Large enough for long-context tests (the default overflow limit is 400,000 characters). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLargeError(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** The body as parsed JSON when it is JSON, else as text (what the request log stores). */
export function decodeBody(raw: Buffer): unknown {
  if (raw.length === 0) return null;
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
