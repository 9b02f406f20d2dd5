import { newChat, type Message } from '@parley/core/entities';
import { FakeClock, SequentialIdGenerator } from '@parley/core/platform';
import { createMemoryStore } from '@parley/core/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { activeChatPref, keepUnchangedMessages } from '../../src/features/chat/active-chat-store';
import { createChatRuntime } from '../../src/features/chat/chat-runtime';

const deps = { clock: new FakeClock(), ids: new SequentialIdGenerator('k') };
const message = (id: string, content: string, updatedAt = '2024-01-01T00:00:00.000Z'): Message => ({
  id,
  role: 'user',
  content,
  createdAt: updatedAt,
  updatedAt,
});

describe('showing a saved chat', () => {
  it('keeps the shown objects of unchanged messages and takes the changed ones', () => {
    const shown = newChat({ messages: [message('a', 'one'), message('b', 'two')] }, deps);
    const saved = {
      ...shown,
      messages: [
        message('a', 'one'),
        message('b', 'two, edited', '2024-01-02T00:00:00.000Z'),
        message('c', 'new'),
      ],
    };
    const result = keepUnchangedMessages(shown, saved);
    expect(result.messages[0]).toBe(shown.messages[0]);
    expect(result.messages[1]).toBe(saved.messages[1]);
    expect(result.messages[2]).toBe(saved.messages[2]);
    expect(result.messages.map((m) => m.content)).toEqual(['one', 'two, edited', 'new']);
  });

  it('a pin or keywords added without a new time still count as a change', () => {
    const shown = newChat({ messages: [message('a', 'one')] }, deps);
    const pinned = { ...shown, messages: [{ ...message('a', 'one'), pinned: true }] };
    expect(keepUnchangedMessages(shown, pinned).messages[0]?.pinned).toBe(true);
    const withKeywords = { ...shown, messages: [{ ...message('a', 'one'), keywords: ['tides'] }] };
    expect(keepUnchangedMessages(shown, withKeywords).messages[0]?.keywords).toEqual(['tides']);
  });
});

describe('reopening the remembered chat at start', () => {
  afterEach(() => activeChatPref.write(null));
  const runtimeOf = (store = createMemoryStore()) =>
    createChatRuntime({ store, fetch, clock: deps.clock, ids: new SequentialIdGenerator('r') });

  it('the chat starts as loading, so the start screen is not drawn (and reported shown) before it', async () => {
    const store = createMemoryStore();
    const chat = await store.chats.put(newChat({ messages: [message('a', 'hello')] }, deps));
    activeChatPref.write(chat.id);
    const runtime = runtimeOf(store);
    expect(runtime.active.getState()).toMatchObject({ activeChatId: null, loading: true });
    runtime.start();
    await expect
      .poll(() => runtime.active.getState())
      .toMatchObject({ activeChatId: chat.id, loading: false, chat: { id: chat.id } });
  });

  it('with no chat remembered, or none left to reopen at start, it is the start screen', () => {
    expect(runtimeOf().active.getState().loading).toBe(false);
    activeChatPref.write('gone');
    const runtime = runtimeOf();
    activeChatPref.write(null);
    runtime.start();
    expect(runtime.active.getState()).toMatchObject({ activeChatId: null, loading: false });
  });
});
