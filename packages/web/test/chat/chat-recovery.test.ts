import { INTERRUPTED_FINISH } from '@parley/core/chat';
import { describe, expect, it, vi } from 'vitest';
import { chatCommands } from '../../src/features/chat/chat-commands';
import { answerSettled, isAnswer, setupSession } from './session-harness';

describe('nothing lost: titles, deleted messages, cut answers', () => {
  it('TT1 TT5 a failed title call leaves the question as title, and the next answer tries again', async () => {
    let titleCalls = 0;
    const { runtime } = setupSession((body) => {
      if (isAnswer(body)) return { kind: 'stream', pieces: ['An answer.'] };
      titleCalls += 1;
      return titleCalls === 1
        ? { kind: 'status', status: 500, body: { error: { message: 'down' } } }
        : { kind: 'json', text: 'Tides Explained' };
    });
    await runtime.session.send(null, 'Why are there tides?');
    await answerSettled(runtime);
    await vi.waitFor(() => expect(titleCalls).toBe(1));
    expect(runtime.active.getState().chat?.chatTitle).toBe('Why are there tides?');

    const chatId = runtime.active.getState().activeChatId!;
    await runtime.session.send(chatId, 'And the moon?');
    await vi.waitFor(() => expect(runtime.active.getState().chat?.chatTitle).toBe('Tides Explained'));
    expect(titleCalls).toBe(2);
  });

  it('ED5 ED7 a deleted message is kept as a tombstone; Undo brings it back in its place', async () => {
    const { runtime, store } = setupSession((body) =>
      isAnswer(body) ? { kind: 'stream', pieces: ['Answer.'] } : { kind: 'json', text: 'T' },
    );
    await runtime.session.send(null, 'Question');
    await answerSettled(runtime);
    const chatId = runtime.active.getState().activeChatId!;
    const answer = runtime.active.getState().chat!.messages[1]!;
    const deleted = await chatCommands.deleteMessage(runtime, chatId, answer.id);
    expect(deleted?.messages).toMatchObject([{ id: answer.id, content: 'Answer.' }]);
    const stored = await store.chats.get(chatId);
    expect(stored?.messages[1]).toMatchObject({
      id: answer.id,
      content: null,
      deletedAt: expect.any(String),
    });
    // Deleting it again offers nothing to undo.
    expect(await chatCommands.deleteMessage(runtime, chatId, answer.id)).toBeUndefined();

    await chatCommands.restoreMessage(runtime, chatId, deleted!);
    const restored = await store.chats.get(chatId);
    expect(restored?.messages.map((message) => message.content)).toEqual(['Question', null, 'Answer.']);
    expect(runtime.active.getState().chat?.messages[2]?.content).toBe('Answer.');
  });

  it('AN5 RQ4 an answer cut by a reload (saved part-way) can be continued', async () => {
    const { runtime, store, provider } = setupSession((body) =>
      isAnswer(body) ? { kind: 'stream', pieces: [' and the rest.'] } : { kind: 'json', text: 'T' },
    );
    await runtime.session.send(null, 'Question');
    await answerSettled(runtime);
    const chatId = runtime.active.getState().activeChatId!;
    // What a reload mid-answer leaves: the last part-way save.
    const chat = await store.chats.update(chatId, (current) => ({
      ...current,
      messages: current.messages.map((message) =>
        message.role === 'assistant'
          ? { ...message, content: 'The start', finish: INTERRUPTED_FINISH }
          : message,
      ),
    }));
    runtime.active.apply(chat);
    const calls = provider.calls.length;
    expect(await runtime.session.continueAnswer(chatId)).toMatchObject({ ok: true });
    await answerSettled(runtime);
    expect(provider.calls.length).toBe(calls + 1);
    const answer = (await store.chats.get(chatId))?.messages.at(-1);
    expect(answer).toMatchObject({ content: 'The start and the rest.', finish: 'stop' });
  });
});
