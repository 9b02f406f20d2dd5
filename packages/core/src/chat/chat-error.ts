import type { ProviderErrorCode } from '../providers/errors';

/**
 * CE1: the kinds of failure the chat tells apart; the UI maps each kind once to the spec's message
 * (section 8). Codes stored on failed messages are plain strings, so unknown ones fall to `api`.
 */
export const chatErrorKinds = [
  'offline',
  'unreachable',
  'reload',
  'slow',
  'connection',
  'invalid_key',
  'context',
  'stopped',
  'api',
] as const;
export type ChatErrorKind = (typeof chatErrorKinds)[number];

const kindByCode: Readonly<Partial<Record<ProviderErrorCode, ChatErrorKind>>> = {
  offline: 'offline',
  timeout: 'slow',
  overloaded: 'slow',
  stream_interrupted: 'connection',
  server_error: 'connection',
  invalid_api_key: 'invalid_key',
  insufficient_quota: 'invalid_key',
  permission_denied: 'invalid_key',
  context_length_exceeded: 'context',
  aborted: 'stopped',
};

/**
 * CE2: a request that could not be made while the browser is online is not "offline": the
 * endpoint is wrong, its server is down, or it does not allow this page (CORS). Stored on the
 * failed message under this code so the right text shows after a reload too.
 */
export const UNREACHABLE_CODE = 'unreachable';

/** CE2: the code to keep for a failure, given whether the browser thinks it is online. */
export function failureCode(code: string, browserOnline: boolean): string {
  return code === 'offline' && browserOnline ? UNREACHABLE_CODE : code;
}

/**
 * CE3: the app's own code for sending could not be loaded while online (a new version was deployed
 * while the tab was open): the fix is a reload, not the provider's settings.
 */
export const APP_CODE_MISSING_CODE = 'app_code_missing';

export function chatErrorKind(code: string): ChatErrorKind {
  if (code === UNREACHABLE_CODE) return 'unreachable';
  if (code === APP_CODE_MISSING_CODE) return 'reload';
  return kindByCode[code as ProviderErrorCode] ?? 'api';
}
