import type { ProviderErrorCode } from '../providers';

/**
 * CE1: the kinds of failure the chat tells apart; the UI maps each kind once to the spec's message
 * (section 8). Codes stored on failed messages are plain strings, so unknown ones fall to `api`.
 */
export const chatErrorKinds = [
  'offline',
  'unreachable',
  'reload',
  'slow',
  'overloaded',
  'rate_limited',
  'organisation_limit',
  'server',
  'interrupted',
  'invalid_key',
  'billing',
  'context',
  'stopped',
  'api',
] as const;
export type ChatErrorKind = (typeof chatErrorKinds)[number];

const kindByCode: Readonly<Partial<Record<ProviderErrorCode, ChatErrorKind>>> = {
  offline: 'offline',
  timeout: 'slow',
  overloaded: 'overloaded',
  rate_limited: 'rate_limited',
  organisation_limit: 'organisation_limit',
  server_error: 'server',
  stream_interrupted: 'interrupted',
  invalid_api_key: 'invalid_key',
  permission_denied: 'invalid_key',
  insufficient_quota: 'billing',
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

/**
 * CE4: failures on the provider's side or on the way (not the key, the account or the request):
 * asking again may work, and an answer they cut short can be continued.
 */
const passingKinds: ReadonlySet<ChatErrorKind> = new Set<ChatErrorKind>([
  'slow',
  'overloaded',
  'rate_limited',
  'server',
  'interrupted',
]);

/** CE4: a failed answer with this code and some text can be continued where it stopped (RQ4). */
export function canContinueAfter(code: string): boolean {
  return passingKinds.has(chatErrorKind(code));
}
