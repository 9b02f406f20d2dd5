import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHAT_DRAFTS_KEY } from '../../src/features/chat/chat-drafts';
import { Composer } from '../../src/features/chat/Composer';
import { useSettingsDialog } from '../../src/features/settings/settings-dialog-store';
import { memoryStorage } from '../support/memory-storage';
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

  it('keeps the unsent text of each chat across a reload (drafts are stored), and forgets it once sent', async () => {
    const user = userEvent.setup();
    const storage = memoryStorage();
    const first = renderWithChat(<Composer />, { draftStorage: storage });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Half a thought');
    first.unmount();

    // "Reloaded": a new runtime over the same storage.
    const second = renderWithChat(<Composer />, { draftStorage: storage });
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box).toHaveProperty('value', 'Half a thought');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(second.runtime.active.getState().activeChatId).not.toBeNull());
    second.unmount();

    renderWithChat(<Composer />, { draftStorage: storage });
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', '');
    expect(storage.getItem(CHAT_DRAFTS_KEY)).toBe('{}');
  });

  it('a send refused for a missing key opens Settings at that provider', async () => {
    const user = userEvent.setup();
    useSettingsDialog.getState().close();
    renderWithChat(<Composer />, { keys: {} });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    await waitFor(() =>
      expect(useSettingsDialog.getState()).toMatchObject({
        isOpen: true,
        sectionId: 'apiKeys',
        target: 'openai',
      }),
    );
    useSettingsDialog.getState().close();
  });

  it('Send is disabled for an empty message', async () => {
    renderWithChat(<Composer />);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });
});
