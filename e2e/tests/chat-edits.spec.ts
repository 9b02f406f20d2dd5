import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';

test.describe('Regenerate, edit, fork, clear context, reset', () => {
  test('Regenerate asks again for the last question; the new answer shows, the old one is a version', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Pick a colour');
    await expect(chat.lastAnswer()).toContainText('Echo: Pick a colour');

    await chat.chatAction('Regenerate');
    await expect.poll(async () => (await answerRequestsWithKey(key)).length).toBe(2);
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer()).toContainText('Echo: Pick a colour');
    await expect(chat.versions(chat.lastAnswer())).toHaveAccessibleName('Version 2 of 2');
    const [first, second] = await answerRequestsWithKey(key);
    expect(openAiMessages(second)).toEqual(openAiMessages(first));
  });

  test('Edit on a user message resubmits from there; the later messages stay in the earlier version', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Capital of France?');
    await expect(chat.lastAnswer()).toContainText('Echo: Capital of France?');
    await chat.send('And of Spain?');
    await expect(chat.lastAnswer()).toContainText('Echo: And of Spain?');

    await chat.messageAction(chat.userMessages.first(), 'Edit');
    const editor = chat.messages.getByRole('textbox', { name: 'Edit message' });
    await editor.fill('Capital of Italy?');
    await chat.messages.getByRole('button', { name: 'Save & Submit' }).click();

    // The question shows which version it is (2 of 2).
    await expect(chat.userMessages).toHaveText([/^Capital of Italy\?/]);
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer()).toContainText('Echo: Capital of Italy?');
    const requests = await answerRequestsWithKey(key);
    expect(openAiMessages(requests.at(-1)).map((message) => message.content)).toEqual([
      'You are a helpful AI assistant.',
      'Capital of Italy?',
    ]);
    await chat.switchVersion(chat.userMessages.first(), 'Previous version');
    await expect(chat.userMessages).toHaveText([/^Capital of France\?/, 'And of Spain?']);
  });

  test('Fork Chat copies the conversation up to a message into a new chat', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Branch point [[sim:reply Answer one.]]');
    await expect(chat.lastAnswer()).toContainText('Answer one.');
    await chat.send('After the branch [[sim:reply Answer two.]]');
    await expect(chat.lastAnswer()).toContainText('Answer two.');

    await chat.messageAction(chat.answers.first(), 'Fork Chat');
    await expect(page.getByText('Forked into a new chat')).toBeVisible();
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer()).toContainText('Answer one.');
    await expect(chat.userMessages).toHaveText(['Branch point [[sim:reply Answer one.]]']);
    // Both chats are listed; the fork is open.
    await expect(chat.chatList.getByRole('button').filter({ hasText: 'Answer' })).toHaveCount(2);
    // ED6: the fork's title says it is one.
    await expect(chat.chatList.getByRole('button').filter({ hasText: '(fork)' })).toHaveCount(1);
  });

  test('Clear Context: later requests leave out the messages before the marker', async ({ page }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Old topic [[sim:reply About the old topic.]]');
    await expect(chat.lastAnswer()).toContainText('About the old topic.');

    await chat.chatAction('Clear Context');
    await expect(chat.messages.getByRole('separator')).toContainText('Context cleared');
    await chat.send('New topic');
    await expect(chat.lastAnswer()).toContainText('Echo: New topic');

    const requests = await answerRequestsWithKey(key);
    expect(openAiMessages(requests.at(-1)).map((message) => message.content)).toEqual([
      'You are a helpful AI assistant.',
      'New topic',
    ]);
    // The cleared messages are still shown.
    await expect(chat.userMessages.first()).toContainText('Old topic');

    // Ctrl+Shift+J clears again; the next request has no history either.
    await page.keyboard.press('ControlOrMeta+Shift+J');
    await expect(chat.messages.getByRole('separator')).toHaveCount(2);
  });

  test('Reset Chat (from the More menu, after confirming) removes every message', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Something to forget [[sim:reply Forgotten soon.]]');
    await expect(chat.lastAnswer()).toContainText('Forgotten soon.');

    await chat.chatAction('Reset Chat');
    const confirm = page.getByRole('alertdialog', { name: 'Reset this chat?' });
    await confirm.getByRole('button', { name: 'Reset Chat' }).click();
    await expect(chat.messages).toBeHidden();
    await expect(chat.main.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
    await page.reload();
    await expect(chat.main.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
  });

  test('Pin, Show Raw, Copy and Delete on a message', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Format this [[sim:reply Some **bold** text.]]');
    const answer = chat.lastAnswer();
    await expect(answer.locator('strong')).toHaveText('bold');

    await chat.messageAction(answer, 'Pin');
    await expect(answer).toContainText('Pinned');
    await chat.messageAction(answer, 'Show Raw');
    await expect(answer).toContainText('Some **bold** text.');
    await chat.messageAction(answer, 'Copy');
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Some **bold** text.');

    // ED5: the question goes with what follows it, after confirming.
    await chat.deleteMessage(chat.userMessages.first());
    await expect(chat.messages).toBeHidden();
  });

  test('keyboard: Ctrl+Shift+E regenerates, Ctrl+Shift+C copies the last message, Ctrl+Shift+N starts a new chat', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Shortcut test [[sim:reply Copied by keyboard.]]');
    await expect(chat.lastAnswer()).toContainText('Copied by keyboard.');

    await page.keyboard.press('ControlOrMeta+Shift+E');
    await expect.poll(async () => (await answerRequestsWithKey(key)).length).toBe(2);
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer()).toContainText('Copied by keyboard.');

    await page.keyboard.press('ControlOrMeta+Shift+C');
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Copied by keyboard.');

    await page.keyboard.press('ControlOrMeta+Shift+N');
    await expect(chat.messages).toBeHidden();
    await expect(chat.main.getByRole('heading', { name: 'Start a conversation' })).toBeVisible();
  });
});
