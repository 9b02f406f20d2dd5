import { MessageSchema, type Message } from '@parley/core/entities';
import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithChat } from '../../../test/chat/render-chat';
import { MessageItem } from './MessageItem';
import { ReasoningView } from './ReasoningView';
import type { ChatActions } from './use-chat-actions';

const noActions = new Proxy({}, { get: () => vi.fn() }) as ChatActions;

function answer(fields: Partial<Message>): Message {
  return MessageSchema.parse({
    id: 'm-answer',
    role: 'assistant',
    content: 'Because of the moon.',
    model: 'gpt-4',
    createdAt: '2024-05-03T11:00:00.000Z',
    updatedAt: '2024-05-03T11:00:00.000Z',
    ...fields,
  });
}

function show(message: Message, live = false) {
  return renderWithChat(
    <MessageItem message={message} actions={noActions} busy={false} isLast live={live} />,
  );
}

describe("The model's reasoning (AN4)", () => {
  it('while the model is still thinking, its reasoning shows open under "Thinking…"', () => {
    const view = show(answer({ content: '', reasoning: 'The user asks about tides.' }), true);
    const toggle = view.getByRole('button', { name: 'Thinking…' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(view.getByRole('region', { name: 'Reasoning' }).textContent).toBe('The user asks about tides.');
    expect(view.queryByText('Waiting for the answer…')).toBeNull();
  });

  it('while thinking the user can fold the reasoning, and it stays folded as more arrives', () => {
    const view = render(<ReasoningView text="Step one." thinking />);
    fireEvent.click(view.getByRole('button', { name: 'Thinking…' }));
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
    view.rerender(<ReasoningView text="Step one. Step two." thinking />);
    expect(view.getByRole('button', { name: 'Thinking…' }).getAttribute('aria-expanded')).toBe('false');
    view.rerender(<ReasoningView text="Step one. Step two." thinking={false} />);
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
  });

  it('once the answer is there the reasoning is folded, and opens and closes on click', () => {
    const view = show(answer({ reasoning: 'The user asks about tides.' }));
    const toggle = view.getByRole('button', { name: 'Reasoning' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
    fireEvent.click(toggle);
    expect(view.getByRole('region', { name: 'Reasoning' }).textContent).toBe('The user asks about tides.');
    fireEvent.click(toggle);
    expect(view.queryByRole('region', { name: 'Reasoning' })).toBeNull();
  });

  it('an answer without reasoning shows no toggle', () => {
    const view = show(answer({}));
    expect(view.queryByRole('button', { name: 'Reasoning' })).toBeNull();
  });
});
