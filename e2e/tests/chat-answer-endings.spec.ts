import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { keepScreenshot } from '../support/screenshots';

test.describe('How an answer ends: reasoning, limits, filters and refusals are explained', () => {
  test("a reasoning model's thinking is folded above its answer and survives a reload", async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Why are there tides? [[sim:reasoning The user asks about tides, so the moon.]]');
    const answer = chat.lastAnswer();
    await expect(answer).toContainText('Echo: Why are there tides?');
    const toggle = answer.getByRole('button', { name: 'Reasoning' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(answer.getByRole('region', { name: 'Reasoning' })).toHaveText(
      'The user asks about tides, so the moon.',
    );
    await keepScreenshot(page, 'chat-reasoning-open');
    // The answer text itself does not contain the reasoning.
    await expect(answer.locator('.md-body')).not.toContainText('so the moon');

    await page.reload();
    await chat.lastAnswer().getByRole('button', { name: 'Reasoning' }).click();
    await expect(chat.lastAnswer().getByRole('region', { name: 'Reasoning' })).toHaveText(
      'The user asks about tides, so the moon.',
    );
  });

  test('a refusal says the model declined; a Gemini safety stop says the content filter stopped it', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey(), gemini: uniqueKey('gem') });
    await chat.open();
    await chat.send('Something you will not do [[sim:refusal]]');
    await expect(chat.lastAnswer().getByRole('note')).toHaveText(
      'The model declined to answer this request.',
    );
    await expect(chat.lastAnswer().locator('.md-body')).not.toBeEmpty();

    await chat.chooseModel('Gemini 2.5 Flash');
    await chat.send('Something unsafe [[sim:refusal]]');
    await expect(chat.lastAnswer().getByRole('note')).toHaveText(
      "The provider's content filter stopped this answer.",
    );
    await expect(chat.answers).toHaveCount(2);
  });

  test("an answer cut at the chat's max tokens says so; Continue goes on with it; the next answer is whole", async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Start');
    await expect(chat.lastAnswer()).toContainText('Echo: Start');
    await page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model settings' });
    await dialog.getByRole('textbox', { name: 'Max tokens' }).fill('12');
    await dialog.getByRole('textbox', { name: 'Max tokens' }).press('Tab');
    await page.keyboard.press('Escape');

    await chat.send('Tell me a long story [[sim:long 200]]');
    const answer = chat.lastAnswer();
    await expect(answer.getByRole('note')).toContainText('The answer stopped at its length limit.');
    await expect(answer.getByRole('note')).toContainText('Max tokens');
    const words = (await answer.locator('.md-body').innerText()).trim().split(/\s+/);
    expect(words.length).toBeLessThanOrEqual(12);
    expect(words.length).toBeGreaterThan(3);
    await keepScreenshot(page, 'chat-answer-cut-at-max-tokens');
    await page.reload();
    await expect(chat.lastAnswer().getByRole('note')).toContainText('length limit');

    // RQ4: with a higher limit, Continue goes on with the same answer in the same message.
    const cutText = (await chat.lastAnswer().locator('.md-body').innerText()).trim();
    await page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
    await dialog.getByRole('textbox', { name: 'Max tokens' }).fill('2000');
    await dialog.getByRole('textbox', { name: 'Max tokens' }).press('Tab');
    await page.keyboard.press('Escape');
    await chat.lastAnswer().getByRole('note').getByRole('button', { name: 'Continue' }).click();
    await expect(chat.lastAnswer().getByRole('note')).toHaveCount(0);
    await expect(chat.answers).toHaveCount(2);
    // The note goes as the continuation starts: its words may not be on screen yet.
    const continuedText = async () => (await chat.lastAnswer().locator('.md-body').innerText()).trim();
    await expect.poll(async () => (await continuedText()).length).toBeGreaterThan(cutText.length);
    const continued = await continuedText();
    expect(continued.startsWith(cutText)).toBe(true);
    expect(continued.length).toBeGreaterThan(cutText.length);
    // A reload keeps what was saved: it waits for the continued answer's save (a reload during it
    // loses at most that save, WS6).
    const db = new RawParleyDatabase(page);
    await expect
      .poll(async () =>
        (await db.chats<{ messages: { role: string; content: unknown }[] }>()).some((row) =>
          row.messages.some((message) => String(message.content).includes('Echo: Continue exactly')),
        ),
      )
      .toBe(true);
    await page.reload();
    await expect(chat.lastAnswer().locator('.md-body')).toHaveText(continued);
    await expect(chat.lastAnswer().getByRole('note')).toHaveCount(0);

    await chat.send('Short one');
    await expect(chat.lastAnswer()).toContainText('Echo: Short one');
    await expect(chat.lastAnswer().getByRole('note')).toHaveCount(0);
  });
});
