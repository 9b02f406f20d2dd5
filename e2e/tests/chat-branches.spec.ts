import { expect, test, type Browser, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';
import { PalettePage } from '../pages/palette-page';
import { SidebarPage } from '../pages/sidebar-page';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

const sentTexts = async (key: string) =>
  openAiMessages((await answerRequestsWithKey(key)).at(-1)).map((message) => message.content);

async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('Branches: every version of a question and an answer is kept', () => {
  test.setTimeout(120_000);

  test('regenerate twice, edit once, switch versions: only the shown path is sent, a reload and a second device keep them', async ({
    browser,
  }) => {
    const key = uniqueKey();
    const laptop = await device(browser);
    const chat = new ChatPage(laptop);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Capital of France?');
    await expect(chat.lastAnswer()).toContainText('Echo: Capital of France?');

    // Two regenerations: three versions of the answer, the newest shown.
    for (const count of [2, 3]) {
      await chat.chatAction('Regenerate');
      await expect.poll(async () => (await answerRequestsWithKey(key)).length).toBe(count);
      await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName(`Version ${count} of ${count}`);
    }
    await expect(chat.answers).toHaveCount(1);

    // One edit: a second version of the question, answered from it alone.
    await chat.messageAction(chat.userMessages.first(), 'Edit');
    await chat.messages.getByRole('textbox', { name: 'Edit message' }).fill('Capital of Italy?');
    await chat.messages.getByRole('button', { name: 'Save & Submit' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: Capital of Italy?');
    await expect(chat.versions(chat.userMessages.first())).toHaveAccessibleName('Version 2 of 2');
    expect(await sentTexts(key)).toEqual(['You are a helpful AI assistant.', 'Capital of Italy?']);

    // Back to the first question: its newest answer (3 of 3) shows at once; then the first answer.
    await chat.switchVersion(chat.userMessages.first(), 'Previous version');
    await expect(chat.userMessages).toHaveText([/^Capital of France\?/]);
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 3 of 3');
    await chat.switchVersion(chat.lastAnswer(), 'Previous version');
    await chat.switchVersion(chat.lastAnswer(), 'Previous version');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 1 of 3');
    await expect(
      chat.versions(chat.lastAnswer()).getByRole('button', { name: 'Previous version' }),
    ).toBeDisabled();

    // The next question carries the shown path only: no Italy, one answer.
    await chat.send('And of Spain?');
    await expect(chat.lastAnswer()).toContainText('Echo: And of Spain?');
    expect(await sentTexts(key)).toEqual([
      'You are a helpful AI assistant.',
      'Capital of France?',
      'Echo: Capital of France?',
      'And of Spain?',
    ]);

    // A reload keeps the selection.
    await laptop.reload();
    await expect(chat.userMessages).toHaveText([/^Capital of France\?/, 'And of Spain?']);
    await expect(chat.versions(chat.answers.first())).toHaveAccessibleName('Version 1 of 3');
    await expect(chat.versions(chat.userMessages.first())).toHaveAccessibleName('Version 1 of 2');

    // A second device sees the same branches and the same selection after sync.
    const email = uniqueEmail('branches');
    const laptopSync = new CloudSyncSettings(laptop);
    await laptopSync.signUp(email);
    await laptopSync.close();
    const phone = await device(browser);
    const phoneChat = new ChatPage(phone);
    await phoneChat.seedKeys({ openai: key });
    await phone.goto('/');
    const phoneSync = new CloudSyncSettings(phone);
    await phoneSync.signIn(email);
    await phoneSync.close();
    // The one chat that synced (example chats never do); its preview is its latest answer.
    await new SidebarPage(phone).list.getByRole('button').filter({ hasText: 'Echo: And of Spain?' }).click();
    await expect(phoneChat.userMessages).toHaveText([/^Capital of France\?/, 'And of Spain?']);
    await expect(phoneChat.versions(phoneChat.answers.first())).toHaveAccessibleName('Version 1 of 3');
    await phoneChat.switchVersion(phoneChat.userMessages.first(), 'Next version');
    await expect(phoneChat.userMessages).toHaveText([/^Capital of Italy\?/]);
    await expect(phoneChat.lastAnswer()).toContainText('Echo: Capital of Italy?');
  });

  test('search finds text in a version that is not shown and opens the chat on it; Show Raw names the parent', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    // The answer's end is past the 60 characters a title keeps, so the search below matches the message.
    await chat.send(
      'Where do hedgehogs winter? [[sim:reply Under leaf piles, say most field guides, and compost heaps make good winter homes.]]',
    );
    await expect(chat.lastAnswer()).toContainText('good winter homes.');
    await chat.messageAction(chat.userMessages.first(), 'Edit');
    await chat.messages.getByRole('textbox', { name: 'Edit message' }).fill('Where do owls sleep?');
    await chat.messages.getByRole('button', { name: 'Save & Submit' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: Where do owls sleep?');

    const palette = new PalettePage(page);
    await palette.open();
    // The question of the hidden version (the automatic title is made from the answer).
    await palette.input.pressSequentially('hedgehogs', { delay: 15 });
    await expect(palette.dialog.getByRole('option').filter({ hasText: 'hedgehogs' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(palette.dialog).toBeHidden();
    await expect(chat.lastAnswer()).toContainText('good winter homes.');
    await expect(chat.userMessages).toHaveText([/^Where do hedgehogs winter\?/]);
    await expect(chat.versions(chat.userMessages.first())).toHaveAccessibleName('Version 1 of 2');

    await chat.messageAction(chat.lastAnswer(), 'Show Raw');
    await expect(chat.lastAnswer()).toContainText(/id msg-\S+ · follows msg-\S+/);
  });
});
