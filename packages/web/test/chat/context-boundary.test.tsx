import type { Chat } from '@parley/core/entities';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from './render-chat';
import { chatCommands } from '../../src/features/chat/chat-commands';
import { MessageItem } from '../../src/features/chat/MessageItem';
import type { ChatActions } from '../../src/features/chat/use-chat-actions';

const at = (minute: number) => `2024-05-03T11:0${minute}:00.000Z`;
const stored = {
  id: 'ch-cleared',
  chatID: 'ch-cleared',
  model: 'gpt-4',
  createdAt: at(0),
  updatedAt: at(4),
  modelSettings: { temperature: 0.2, stream: false },
  messages: [
    { id: 'm-1', role: 'user', content: 'old question', createdAt: at(1), updatedAt: at(1) },
    { id: 'm-2', role: 'assistant', content: 'old answer', createdAt: at(2), updatedAt: at(2) },
    { id: 'm-3', role: 'system', content: null, contextBoundary: true, createdAt: at(3), updatedAt: at(3) },
  ],
};

const noActions = new Proxy({}, { get: () => vi.fn() }) as ChatActions;

describe('Clear Context in the chat', () => {
  it('CX1 a stored marker shows as the divider; a damaged flag does not hide the message', async () => {
    const { store } = renderWithChat(<div />);
    const chat = await store.chats.put(stored as unknown as Chat);
    const marker = chat.messages[2]!;
    const view = renderWithChat(<MessageItem message={marker} actions={noActions} busy={false} isLast />);
    expect(view.getByRole('separator').textContent).toContain('Context cleared');
    view.unmount();
    const damaged = (
      await store.chats.put({
        ...stored,
        messages: [{ ...stored.messages[0], contextBoundary: true }],
      } as unknown as Chat)
    ).messages[0]!;
    renderWithChat(<MessageItem message={damaged} actions={noActions} busy={false} isLast />);
    expect(screen.queryByRole('separator')).toBeNull();
    expect(screen.getByText('old question')).toBeTruthy();
  });

  it("CX1 RQ2 the next question is sent without the messages before the marker, with the chat's own settings", async () => {
    const { runtime, store, provider } = renderWithChat(<div />, {
      reply: () => ({ kind: 'json', text: 'fresh answer' }),
    });
    await store.chats.put(stored as unknown as Chat);
    await runtime.active.open(stored.id);
    const outcome = await runtime.session.send(stored.id, 'new question');
    expect(outcome.ok).toBe(true);
    await vi.waitFor(() => expect(provider.calls.length).toBeGreaterThan(0));
    const answerCall = provider.calls[0]!;
    expect(answerCall.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful AI assistant.' },
      { role: 'user', content: 'new question' },
    ]);
    expect(answerCall.body).toMatchObject({ temperature: 0.2, stream: false });
  });

  it('CX1 Clear Context stores a typed marker once, even when pressed twice', async () => {
    const { runtime, store } = renderWithChat(<div />);
    await store.chats.put({ ...stored, messages: stored.messages.slice(0, 2) } as unknown as Chat);
    await chatCommands.clearContext(runtime, stored.id);
    await chatCommands.clearContext(runtime, stored.id);
    const chat = await store.chats.get(stored.id);
    expect(chat?.messages.map((m) => [m.role, m.content, m.contextBoundary])).toEqual([
      ['user', 'old question', undefined],
      ['assistant', 'old answer', undefined],
      ['system', null, true],
    ]);
  });
});
