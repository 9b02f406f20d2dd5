import { describe, expect, it } from 'vitest';
import { providerErrorCodes } from '../../src/providers/errors';
import {
  APP_CODE_MISSING_CODE,
  chatErrorKind,
  chatErrorKinds,
  failureCode,
  UNREACHABLE_CODE,
} from '../../src/chat/chat-error';

describe('chat error kinds', () => {
  it('CE1 maps every provider error code to a kind', () => {
    const expected = {
      invalid_api_key: 'invalid_key',
      insufficient_quota: 'invalid_key',
      permission_denied: 'invalid_key',
      rate_limited: 'api',
      context_length_exceeded: 'context',
      overloaded: 'slow',
      timeout: 'slow',
      bad_request: 'api',
      not_found: 'api',
      server_error: 'connection',
      stream_interrupted: 'connection',
      provider_error: 'api',
      offline: 'offline',
      aborted: 'stopped',
      content_filter: 'api',
    } as const;
    for (const code of providerErrorCodes) {
      expect(chatErrorKind(code), code).toBe(expected[code]);
      expect(chatErrorKinds).toContain(chatErrorKind(code));
    }
  });

  it('CE2 a request that could not be made while online is unreachable, not offline', () => {
    expect(failureCode('offline', true)).toBe(UNREACHABLE_CODE);
    expect(chatErrorKind(failureCode('offline', true))).toBe('unreachable');
    expect(failureCode('offline', false)).toBe('offline');
    expect(failureCode('rate_limited', true)).toBe('rate_limited');
  });

  it('CE3 our own code missing asks for a reload', () => {
    expect(chatErrorKind(APP_CODE_MISSING_CODE)).toBe('reload');
  });

  it('CE1 an unknown stored code is an API error', () => {
    expect(chatErrorKind('something_new')).toBe('api');
  });
});
