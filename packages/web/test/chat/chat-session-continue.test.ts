import { newMessage, newUserMessage } from '@parley/core/chat';
import { newChat } from '@parley/core/entities';
import { describe, expect, it, vi } from 'vitest';
import { answerSettled, isAnswer, setupSession } from './session-harness';

/** The chat session's Continue on an answer cut at the max-tokens limit (RQ4, core/chat SPEC). */

describe('chat session: Continue', () => {
  it('RQ4 Continue streams into the cut answer: one message, joined text, summed usage, the new finish', async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body)
        ? { kind: 'stream', pieces: [' there', ' was a keeper.'], usage: { prompt: 30, completion: 5 } }
        : { kind: 'json', text: 'Title' },
    );
    const { chatId, cutId } = await openCutChat(runtime, store);
    expect((await runtime.session.continueAnswer(chatId)).ok).toBe(true);
    await answerSettled(runtime);
    const messages = (await store.chats.get(chatId))!.messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      id: cutId,
      content: 'Once upon a time there was a keeper.',
      reasoning: 'Stories first.',
      finish: 'stop',
      error: null,
      usage: { prompt_tokens: 42, completion_tokens: 9, total_tokens: 51 },
    });
    const sent = provider.calls.find((call) => isAnswer(call.body))?.body.messages as unknown[];
    expect(sent.slice(-2)).toEqual([
      { role: 'assistant', content: 'Once upon a time' },
      {
        role: 'user',
        content: 'Continue exactly where your last message stopped, without repeating anything.',
      },
    ]);
  });

  it('RQ4 the live row shows the cut text and then the new text; Stop keeps what arrived, joined', async () => {
    const { runtime, store } = setupSession(() => ({ kind: 'hang', pieces: [' there'] }));
    const { chatId } = await openCutChat(runtime, store);
    await runtime.session.continueAnswer(chatId);
    await vi.waitFor(() =>
      expect(runtime.streaming.getState().answers[chatId]?.text).toBe('Once upon a time there'),
    );
    runtime.session.stop(chatId);
    await answerSettled(runtime);
    const stored = await store.chats.get(chatId);
    expect(stored?.messages.map((m) => [m.content, m.finish])).toEqual([
      ['Tell me a story', undefined],
      ['Once upon a time there', 'stopped'],
    ]);
  });

  it('RQ4 a failed continuation leaves the stored answer untouched (Continue stays) and reports the error', async () => {
    const { runtime, store, failures } = setupSession(() => ({
      kind: 'status',
      status: 500,
      body: { error: { message: 'Upstream broke', type: 'server_error' } },
    }));
    const { chatId, cut } = await openCutChat(runtime, store);
    await runtime.session.continueAnswer(chatId);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    await answerSettled(runtime);
    const stored = (await store.chats.get(chatId))!.messages;
    expect(stored).toHaveLength(2);
    const { content, usage, finish, reasoning } = cut;
    expect(stored[1]).toMatchObject({ id: cut.id, content, usage, finish, reasoning });
    // No error on the answer: its length note and Continue stay (Retry would regenerate it away).
    expect(stored[1]?.error ?? null).toBeNull();
    expect(failures[0]).toMatchObject({ code: 'server_error', providerMessage: 'Upstream broke' });
  });
});

describe('chat session: Continue after a passing failure (CE4)', () => {
  const interrupted = { code: 'stream_interrupted', message: 'The response stream ended early' };

  it('CE4 Continue goes on with an answer a cut stream left part-way; success clears the error', async () => {
    const { runtime, store, failures } = setupSession((body) =>
      isAnswer(body) ? { kind: 'stream', pieces: [' there was a keeper.'] } : { kind: 'json', text: 'T' },
    );
    const { chatId, cutId } = await openCutChat(runtime, store, { finish: null, error: interrupted });
    expect((await runtime.session.continueAnswer(chatId)).ok).toBe(true);
    await answerSettled(runtime);
    const messages = (await store.chats.get(chatId))!.messages;
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({
      id: cutId,
      content: 'Once upon a time there was a keeper.',
      finish: 'stop',
      error: null,
    });
    expect(failures).toEqual([]);
  });

  it('CE4 a failed continuation leaves the answer and its error as they were, and says so by toast', async () => {
    const { runtime, store, failures } = setupSession(() => ({
      kind: 'status',
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    }));
    const { chatId, cut } = await openCutChat(runtime, store, { finish: null, error: interrupted });
    await runtime.session.continueAnswer(chatId);
    await vi.waitFor(() => expect(failures).toHaveLength(1));
    await answerSettled(runtime);
    const stored = (await store.chats.get(chatId))!.messages[1];
    expect(stored).toMatchObject({ id: cut.id, content: cut.content, error: interrupted });
    expect(failures[0]).toMatchObject({ code: 'overloaded' });
  });

  it('CE4 an answer failed for its key or account, or with no text, is not continued', async () => {
    const { runtime, store, provider } = setupSession(() => ({ kind: 'stream', pieces: ['x'] }));
    const quota = { code: 'insufficient_quota', message: 'Out of credits' };
    const { chatId } = await openCutChat(runtime, store, { finish: null, error: quota });
    expect((await runtime.session.continueAnswer(chatId)).ok).toBe(false);
    const empty = await openCutChat(runtime, store, { finish: null, error: interrupted, content: '' });
    expect((await runtime.session.continueAnswer(empty.chatId)).ok).toBe(false);
    expect(provider.calls).toHaveLength(0);
  });
});

/** A saved and opened chat whose answer was cut at the max-tokens limit (RQ4), or as `fields` say. */
async function openCutChat(
  runtime: ReturnType<typeof setupSession>['runtime'],
  store: ReturnType<typeof setupSession>['store'],
  fields: Partial<Parameters<typeof newMessage>[0]> = {},
) {
  const deps = runtime.services;
  const cut = newMessage(
    {
      role: 'assistant',
      content: 'Once upon a time',
      model: 'gpt-4-turbo',
      reasoning: 'Stories first.',
      finish: 'length',
      error: null,
      usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 },
      ...fields,
    },
    deps,
  );
  const chat = newChat(
    { model: 'gpt-4-turbo', messages: [newUserMessage('Tell me a story', deps), cut] },
    deps,
  );
  await store.chats.put(chat);
  await runtime.active.open(chat.id);
  return { chatId: chat.id, cutId: cut.id, cut };
}
