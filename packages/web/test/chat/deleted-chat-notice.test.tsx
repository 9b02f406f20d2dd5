import { newChat } from '@parley/core/entities';
import { SequentialIdGenerator } from '@parley/core/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeletedChatNotice } from '../../src/features/chat/DeletedChatNotice';
import { daysUntilPurge } from '../../src/features/organise/retention';
import { renderWithChat } from './render-chat';

describe('a deleted chat opened from Recently Deleted', () => {
  it('counts whole days left of the 30, never below 0', () => {
    const deletedAt = '2024-05-01T12:00:00.000Z';
    const day = 86_400_000;
    expect(daysUntilPurge(deletedAt, Date.parse(deletedAt))).toBe(30);
    expect(daysUntilPurge(deletedAt, Date.parse(deletedAt) + day + 1)).toBe(29);
    expect(daysUntilPurge(deletedAt, Date.parse(deletedAt) + 31 * day)).toBe(0);
  });

  it('opens read-only with its deletion date and days left; Restore brings it back and opens it', async () => {
    const user = userEvent.setup();
    // The clock of renderWithChat: 2024-05-03T12:00Z; deleted two days before.
    const deps = {
      clock: { now: () => Date.parse('2024-05-01T12:00:00.000Z') },
      ids: new SequentialIdGenerator('x'),
    };
    const chat = { ...newChat({ chatTitle: 'Old plans' }, deps), deletedAt: '2024-05-01T12:00:00.000Z' };
    const view = renderWithChat(<DeletedChatNotice chat={{ ...chat, deletedAt: chat.deletedAt }} />);
    await view.store.chats.put(chat);
    await view.runtime.active.open(chat.id, { deleted: true });
    expect(view.runtime.active.getState().chat).toMatchObject({ id: chat.id, deletedAt: chat.deletedAt });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Deleted on May 1, 2024');
    expect(notice.textContent).toContain('28 more days');
    await user.click(screen.getByRole('button', { name: 'Restore' }));
    await waitFor(async () => expect((await view.store.chats.get(chat.id))?.deletedAt).toBeNull());
    expect(view.runtime.active.getState()).toMatchObject({ activeChatId: chat.id });
  });

  it('a deleted chat opened any other way (a reload, a link) is closed', async () => {
    const deps = {
      clock: { now: () => Date.parse('2024-05-01T12:00:00.000Z') },
      ids: new SequentialIdGenerator('y'),
    };
    const chat = { ...newChat({}, deps), deletedAt: '2024-05-01T12:00:00.000Z' };
    const { runtime, store } = renderWithChat(<></>);
    await store.chats.put(chat);
    await runtime.active.open(chat.id);
    expect(runtime.active.getState()).toMatchObject({ activeChatId: null, chat: null });
  });
});
