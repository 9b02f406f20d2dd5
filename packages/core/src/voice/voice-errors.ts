/**
 * The closed set of ways a voice call (transcription or speech) or a recording can fail. Each code is
 * mapped once, in the UI, to a user-facing message; `detail` carries the provider's own words.
 */
export const voiceErrorCodes = [
  'invalid_key',
  'rate_limited',
  'too_large',
  'too_long',
  'empty_recording',
  'not_audio',
  'not_json',
  'cut_stream',
  'bad_request',
  'server_error',
  'network',
] as const;
export type VoiceErrorCode = (typeof voiceErrorCodes)[number];

export interface VoiceError {
  readonly code: VoiceErrorCode;
  /** HTTP status, when the failure is an HTTP answer. */
  readonly status?: number | undefined;
  /** The provider's own message (or a short description of a local failure); empty when it gave none. */
  readonly detail: string;
}

export type VoiceResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: VoiceError };

function firstString(...values: unknown[]): string | undefined {
  return values.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** True when a body meant to be JSON or audio is an HTML page (a proxy, a login wall, a wrong URL). */
export function looksLikeHtml(contentType: string | null, body: string): boolean {
  return /text\/html/i.test(contentType ?? '') || /^\s*<(!doctype|html|head|body)\b/i.test(body);
}

/**
 * The provider's message in an error body: OpenAI's `{"error":{"message"}}`, ElevenLabs'
 * `{"detail":{"status","message"}}` or `{"detail":"…"}` (and FastAPI's list of issues), or plain text.
 */
export function providerErrorMessage(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body) as unknown;
  } catch {
    return body.trim().slice(0, 300);
  }
  const root = record(parsed);
  const error = record(root?.error);
  const detail = root?.detail;
  const detailRecord = record(detail);
  const firstIssue = Array.isArray(detail) ? record(detail[0]) : undefined;
  return (
    firstString(error?.message, root?.error, detailRecord?.message, detail, firstIssue?.msg, root?.message) ??
    ''
  );
}

/** Reads a failed HTTP answer into a VoiceError: the status first, then what the body says. */
export function voiceErrorFromAnswer(status: number, contentType: string | null, body: string): VoiceError {
  if (looksLikeHtml(contentType, body)) {
    return { code: 'not_json', status, detail: titleOfHtml(body) };
  }
  const detail = providerErrorMessage(body);
  const code: VoiceErrorCode =
    status === 401 || status === 403
      ? 'invalid_key'
      : status === 429
        ? 'rate_limited'
        : status === 413
          ? 'too_large'
          : status >= 500
            ? 'server_error'
            : 'bad_request';
  return { code, status, detail };
}

function titleOfHtml(body: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1]?.trim();
  return title ? title.slice(0, 120) : '';
}
