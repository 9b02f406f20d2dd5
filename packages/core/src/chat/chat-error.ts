import type { ProviderErrorCode } from '../providers/errors';

/**
 * CE1: the kinds of failure the chat tells apart; the UI maps each kind once to the spec's message
 * (section 8). Codes stored on failed messages are plain strings, so unknown ones fall to `api`.
 */
export const chatErrorKinds = [
  'offline',
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

export function chatErrorKind(code: string): ChatErrorKind {
  return kindByCode[code as ProviderErrorCode] ?? 'api';
}
