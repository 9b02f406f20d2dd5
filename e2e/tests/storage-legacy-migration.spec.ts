import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { sidebarChat } from '../pages/data-section';

/** What the previous generation of the app kept in localStorage (whole collections under one key each). */
const OLD_CHATS = [
  {
    chatID: 'ch-old-1',
    chatTitle: 'Tax questions 2023',
    model: 'gpt-4-0613',
    createdAt: 1_690_000_000_000,
    updatedAt: 1_690_000_500_000,
    messages: [
      { role: 'user', content: 'Can I deduct my home office?' },
      { role: 'assistant', content: 'Often yes, if it is used only for work.', model: 'gpt-4-0613' },
    ],
  },
  {
    chatID: 'ch-old-2',
    chatTitle: 'Poem about autumn',
    model: 'claude-v1',
    createdAt: '2023-09-01T08:00:00.000Z',
    updatedAt: '2023-09-01T08:05:00.000Z',
    messages: [{ role: 'user', content: 'Write a haiku about autumn leaves.' }],
  },
];

test.describe('Legacy migration (spec section 4)', () => {
  test('LM1 old-format chats in localStorage are in the sidebar on first open, and the old keys are gone', async ({
    page,
  }) => {
    await page.addInitScript((chats) => {
      // Only before the very first load: later reloads must see what the app made of it.
      if (sessionStorage.getItem('legacy-seeded')) return;
      sessionStorage.setItem('legacy-seeded', '1');
      localStorage.setItem('TM_useChats', JSON.stringify(chats));
      localStorage.setItem('TM_useFolderList', JSON.stringify([{ id: 'f-1', name: 'Personal' }]));
      localStorage.setItem('TM_useFontSize', JSON.stringify('large'));
    }, OLD_CHATS);
    const chat = new ChatPage(page);
    await chat.open();

    await expect(sidebarChat(page, 'Tax questions 2023')).toBeVisible();
    await expect(sidebarChat(page, 'Poem about autumn')).toBeVisible();
    // A returning user's data: no example chats are added next to it.
    await expect(chat.chatList.getByRole('button', { name: /^\(Example\)/ })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('TM_useChats'))).toBeNull();

    await sidebarChat(page, 'Tax questions 2023').click();
    await expect(chat.answers.last()).toContainText('Often yes, if it is used only for work.');
    await page.reload();
    await expect(sidebarChat(page, 'Poem about autumn')).toBeVisible();
  });
});
