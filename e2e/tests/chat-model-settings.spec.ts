import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';

test.describe('Model picker and model settings', () => {
  test('the picker lists models with context length and price, and changes the open chat model', async ({
    page,
  }) => {
    const key = uniqueKey('gem');
    const chat = new ChatPage(page);
    await chat.seedKeys({ gemini: key, openai: uniqueKey() });
    await chat.open();
    await expect(chat.modelPicker).toHaveText('GPT-5.1');
    await chat.modelPicker.click();
    const list = page.getByRole('listbox', { name: 'Models' });
    const turbo = list.getByRole('option', { name: 'GPT-5.1', exact: true });
    await expect(turbo).toHaveAttribute('aria-selected', 'true');
    await expect(turbo).toContainText('400K context');
    await expect(turbo).toContainText('$1.25 / $10 per 1M tokens');
    await expect(list.getByText('Anthropic', { exact: true })).toBeVisible();
    // Keyboard: arrows move, Enter chooses, focus returns to the picker.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(chat.modelPicker).toHaveText('GPT-5');
    await expect(chat.modelPicker).toBeFocused();

    await chat.send('Hi there');
    await expect(chat.lastAnswer()).toContainText('Echo: Hi there');
    await expect(chat.lastAnswer()).toContainText('GPT-5');

    await chat.chooseModel('Gemini 2.5 Pro');
    await chat.send('And now?');
    await expect(chat.lastAnswer()).toContainText('Echo: And now?');
    const [request] = await answerRequestsWithKey(key);
    expect(request?.path).toContain('/v1beta/models/gemini-2.5-pro:streamGenerateContent');
    await page.reload();
    await expect(chat.modelPicker).toHaveText('Gemini 2.5 Pro');
  });

  test('per-chat settings (system message, temperature, max tokens) reach the request', async ({ page }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Start');
    await expect(chat.lastAnswer()).toContainText('Echo: Start');

    await page.getByRole('banner').getByRole('button', { name: 'Model settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Model settings' });
    await dialog.getByLabel('System message').fill('You are a pirate. Today is {local_date}.');
    await dialog.getByLabel('Temperature').fill('0.3');
    await dialog.getByLabel('Max tokens').fill('256');
    await dialog.getByLabel('Max tokens').press('Tab');
    await dialog.getByRole('switch', { name: 'Stream answers' }).click();
    await expect(dialog.getByRole('switch', { name: 'Stream answers' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await page.keyboard.press('Escape');

    await chat.send('Ahoy?');
    await expect(chat.lastAnswer()).toContainText('Echo: Ahoy?');
    const last = (await simRequestsWithKey(key))
      .filter((request) => JSON.stringify(request.body).includes('Ahoy?'))
      .at(-1);
    const body = last?.body as {
      temperature?: number;
      max_tokens?: number;
      stream?: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body.temperature).toBe(0.3);
    expect(body.max_tokens).toBe(256);
    expect(body.stream).toBe(false);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[0]?.content).toMatch(/^You are a pirate\. Today is \w+, .*\d{4}\.$/);
    expect(body.messages[0]?.content).not.toContain('{local_date}');
  });

  test('a new chat uses the default model chosen with no chat open', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ anthropic: uniqueKey() });
    await chat.open();
    await chat.chooseModel('Claude Haiku 4.5');
    await page.reload();
    await expect(chat.modelPicker).toHaveText('Claude Haiku 4.5');
    await chat.send('Hello Claude');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello Claude');
    await expect(chat.lastAnswer()).toContainText('Claude Haiku 4.5');
  });
});
