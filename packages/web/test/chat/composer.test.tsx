import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Composer } from '../../src/features/chat/Composer';
import { renderWithChat } from './render-chat';

describe('Composer', () => {
  it('Enter sends and clears the box; Shift+Enter adds a line', async () => {
    const user = userEvent.setup();
    const { runtime, store } = renderWithChat(<Composer />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveProperty('value', 'First line\nsecond line');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', ''));
    await waitFor(() => expect(runtime.active.getState().activeChatId).not.toBeNull());
    const chat = await store.chats.get(runtime.active.getState().activeChatId!);
    expect(chat?.messages[0]?.content).toBe('First line\nsecond line');
  });

  it('a message that cannot be sent (no API key) stays in the box', async () => {
    const user = userEvent.setup();
    const { store } = renderWithChat(<Composer />, { keys: {} });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Keep me{Enter}');
    await waitFor(() => expect(box).toHaveProperty('value', 'Keep me'));
    expect(await store.chats.count()).toBe(0);
  });

  it('Send is disabled for an empty message', async () => {
    renderWithChat(<Composer />);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
