import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { McpFailure } from '@parley/core/mcp';

/** Sorts what the SDK throws into the failures MC8 words (core mcp errors.ts). */
export function failureOf(error: unknown, url: string, oauth: boolean): McpFailure {
  const origin = typeof location === 'undefined' ? 'this page' : location.origin;
  if (error instanceof UnauthorizedError) return { kind: 'unauthorized', url, oauth };
  if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
    return { kind: 'timeout', what: url, seconds: 0 };
  const code =
    error instanceof StreamableHTTPError || error instanceof SseError
      ? (error as { code?: number }).code
      : undefined;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 401 || code === 403) return { kind: 'unauthorized', url, oauth };
  if (/content type: text\/html|<!doctype html|<html/i.test(message)) return { kind: 'html', url };
  if (typeof code === 'number' && code >= 400) {
    return { kind: 'status', url, status: code, text: shortText(message) };
  }
  if (error instanceof SyntaxError || isZodError(error)) {
    return { kind: 'malformed', url, detail: shortText(message) };
  }
  // fetch rejects with a TypeError both when the server is down and when CORS blocks the answer;
  // the browser does not tell which, so the message names both.
  if (error instanceof TypeError || /failed to fetch|networkerror|load failed/i.test(message)) {
    return { kind: 'unreachable', url, origin };
  }
  return { kind: 'other', url, detail: shortText(message) };
}

function isZodError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError');
}

function shortText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
}
