import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';

test.describe('Streaming control and persistence', () => {
  test('Stop ends a slow answer and keeps what arrived; it survives a reload', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();

    await chat.send('Tell me a long story [[sim:slow 5]] [[sim:long 200]]');
    await expect(chat.stopButton).toBeVisible();
    const answer = chat.lastAnswer();
    // A few words in, the user has seen enough (words of the answer's text: its header has words too).
    await expect(answer.locator('.md-body')).toContainText(/\w+ \w+ \w+/, { timeout: 10_000 });
    await chat.stopButton.click();
    await expect(chat.sendButton).toBeVisible();
    await expect(answer).toContainText('Stopped');
    const partial = (await answer.locator('.md-body').innerText()).trim();
    expect(partial.split(/\s+/).length).toBeLessThan(200);
    expect(partial.length).toBeGreaterThan(0);

    await page.reload();
    await expect(chat.userMessages).toHaveCount(1);
    await expect(chat.lastAnswer()).toContainText('Stopped');
    await expect(chat.lastAnswer().locator('.md-body')).toHaveText(partial);
  });

  test('chats and their messages persist across a reload, and the open chat comes back', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Remember this [[sim:reply Noted, I will remember.]]');
    await expect(chat.lastAnswer()).toContainText('Noted, I will remember.');

    await chat.chatAction('New Chat');
    await expect(chat.messages).toBeHidden();
    await chat.send('A second chat [[sim:reply Second answer.]]');
    await expect(chat.lastAnswer()).toContainText('Second answer.');

    await page.reload();
    await expect(chat.lastAnswer()).toContainText('Second answer.');
    // Its automatic title comes from the simulator's echo of the conversation.
    const firstChat = chat.chatList.getByRole('button').filter({ hasText: 'Noted, I will remember' });
    await firstChat.click();
    await expect(firstChat).toHaveAttribute('aria-current', 'page');
    await expect(chat.userMessages).toHaveText(['Remember this [[sim:reply Noted, I will remember.]]']);
    await expect(chat.lastAnswer()).toContainText('Noted, I will remember.');
  });

  test('while an answer streams the view follows it; scrolling up stops that and offers Jump to latest', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Write a lot [[sim:slow 80]] [[sim:long 1200]]');
    await expect(chat.stopButton).toBeVisible();
    const scroller = chat.messages;
    const distanceFromEnd = () =>
      scroller.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    await expect
      .poll(async () => (await scroller.evaluate((element) => element.scrollHeight)) > 1500, {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await distanceFromEnd()).toBeLessThan(60);
    await expect(chat.jumpToLatest).toBeHidden();

    await scroller.hover();
    await page.mouse.wheel(0, -600);
    await expect(chat.jumpToLatest).toBeVisible();
    await expect.poll(distanceFromEnd).toBeGreaterThan(300);

    await chat.jumpToLatest.click();
    await expect(chat.jumpToLatest).toBeHidden();
    await expect.poll(distanceFromEnd).toBeLessThan(60);
    await chat.stopButton.click();
  });
});
