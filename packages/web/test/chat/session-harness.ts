import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { expect, vi } from 'vitest';
import type { ProviderAccess } from '../../src/state/key-vault/provider-access';
import { createChatRuntime } from '../../src/features/chat/chat-runtime';
import type { AnswerFailure } from '../../src/features/chat/chat-notices';
import { fakeProvider, type FakeReply } from './fake-provider';

export const SESSION_ENDPOINT = 'http://sim.test/v1';

/** A chat runtime over a memory store and a fake provider; failures are collected, frames are immediate. */
export function setupSession(
  reply: (body: Record<string, unknown>) => FakeReply,
  keys: Partial<Record<string, string>> = { openai: 'sk-test' },
) {
  const clock = new FakeClock('2024-05-03T12:00:00.000Z');
  const store = createMemoryStore({ clock });
  const provider = fakeProvider(reply);
  const failures: AnswerFailure[] = [];
  const runtime = createChatRuntime(
    { store, fetch: provider.fetch, clock, ids: new SequentialIdGenerator('t') },
    {
      providerAccess: (id): ProviderAccess => ({ apiKey: keys[id] ?? null, endpoint: SESSION_ENDPOINT }),
      onAnswerFailed: (failure) => failures.push(failure),
      scheduleFrame: (callback) => callback(),
      promptContext: () => ({ now: new Date(clock.now()), locale: 'en-GB', timeZone: 'UTC' }),
    },
  );
  return { runtime, store, provider, failures, clock };
}

/** Nothing streams any more and the open chat ends with an answer. */
export async function answerSettled(runtime: ReturnType<typeof setupSession>['runtime']) {
  await vi.waitFor(() => {
    expect(Object.keys(runtime.streaming.getState().answers)).toEqual([]);
    expect(runtime.active.getState().chat?.messages.at(-1)?.role).toBe('assistant');
  });
}

/** Title and keyword calls are not streamed; answers are. */
export const isAnswer = (body: Record<string, unknown>) => body.stream === true;
