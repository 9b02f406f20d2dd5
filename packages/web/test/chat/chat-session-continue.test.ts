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

/** A saved and opened chat whose answer was cut at the max-tokens limit (RQ4). */
async function openCutChat(
  runtime: ReturnType<typeof setupSession>['runtime'],
  store: ReturnType<typeof setupSession>['store'],
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
