import { describe, expect, it } from 'vitest';
import { providerErrorCodes } from '../../src/providers/errors';
import { canContinueAnswer } from '../../src/chat/continue-request';
import { message, testDeps } from '../../src/chat/test-chats';
import {
  APP_CODE_MISSING_CODE,
  canContinueAfter,
  chatErrorKind,
  chatErrorKinds,
  failureCode,
  UNREACHABLE_CODE,
} from '../../src/chat/chat-error';

describe('chat error kinds', () => {
  it('CE1 maps every provider error code to a kind', () => {
    const expected = {
      invalid_api_key: 'invalid_key',
      insufficient_quota: 'billing',
      permission_denied: 'invalid_key',
      rate_limited: 'rate_limited',
      context_length_exceeded: 'context',
      overloaded: 'overloaded',
      timeout: 'slow',
      bad_request: 'api',
      not_found: 'api',
      server_error: 'server',
      stream_interrupted: 'interrupted',
      provider_error: 'api',
      offline: 'offline',
      aborted: 'stopped',
      content_filter: 'api',
      organisation_limit: 'organisation_limit',
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

  it('CE1 a billing or quota failure is its own kind, never an invalid key; a rate limit is its own passing kind', () => {
    expect(chatErrorKind('insufficient_quota')).toBe('billing');
    expect(chatErrorKind('invalid_api_key')).toBe('invalid_key');
    expect(chatErrorKind('rate_limited')).toBe('rate_limited');
  });

  it('CE4 failures on the provider side or on the way can be continued; the key, account or request cannot', () => {
    for (const code of ['server_error', 'overloaded', 'rate_limited', 'stream_interrupted', 'timeout']) {
      expect(canContinueAfter(code), code).toBe(true);
    }
    for (const code of ['invalid_api_key', 'insufficient_quota', 'bad_request', 'aborted']) {
      expect(canContinueAfter(code), code).toBe(false);
    }
  });

  it('CE4 Continue is offered on an answer cut short by such a failure only when it has text', () => {
    const deps = testDeps();
    const cut = (content: string, code: string) =>
      message('assistant', content, deps, { error: { code, message: '' } });
    expect(canContinueAnswer(cut('The answer so far', 'stream_interrupted'))).toBe(true);
    expect(canContinueAnswer(cut('The answer so far', 'overloaded'))).toBe(true);
    expect(canContinueAnswer(cut('  ', 'stream_interrupted'))).toBe(false);
    expect(canContinueAnswer(cut('The answer so far', 'insufficient_quota'))).toBe(false);
    // RQ4 as before: a max-tokens cut without an error, never a finished answer or a question.
    expect(canContinueAnswer(message('assistant', 'Cut', deps, { finish: 'length' }))).toBe(true);
    expect(canContinueAnswer(message('assistant', 'Done', deps, { finish: 'stop' }))).toBe(false);
    expect(canContinueAnswer(message('user', 'Hi', deps))).toBe(false);
  });
});
