import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';

const INVALID_KEY_TEXT = /API key is not working.*paid account with billing set up and credits available/;

test.describe('Errors: the user is told why, and nothing typed is lost', () => {
  test('without a key: the prompt names the model and its provider; Send opens Settings at that key, the text stays', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    const prompt = chat.main
      .getByRole('status')
      .filter({ hasText: 'You need an API key from OpenAI to use GPT-4 Turbo' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Any provider works');

    await chat.send('A message worth keeping');
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await expect(settings.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    await expect(settings.getByLabel('OpenAI API key', { exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(chat.composer).toHaveValue('A message worth keeping');
    await expect(chat.userMessages).toHaveCount(0);

    // Another provider's model: the prompt and Settings follow it.
    await chat.chooseModel('Claude 3 Haiku');
    await expect(
      chat.main
        .getByRole('status')
        .filter({ hasText: 'You need an API key from Anthropic to use Claude 3 Haiku' }),
    ).toBeVisible();
    await chat.main.getByRole('button', { name: 'Add API key' }).click();
    await expect(settings.getByLabel('Anthropic API key', { exact: true })).toBeFocused();
  });

  test('a rejected key (401): "Invalid API key" inline and as a toast; the question stays', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey('sk-invalid') });
    await chat.open();
    await chat.send('Does my key work?');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('Invalid API key');
    await expect(error).toContainText(INVALID_KEY_TEXT);
    // The toast says the same (outside the chat area).
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid API key' })).toHaveCount(2);
    await expect(chat.userMessages).toHaveText(['Does my key work?']);
  });

  test('a rate limit (429): the provider message after "Unable to use the API"; Retry asks again', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Too fast [[sim:error 429]]');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('Unable to use the API. Error message:');
    await expect(error).toContainText('Rate limit reached for');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(async () => (await answerRequestsWithKey(key)).length).toBe(2);
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer().getByRole('alert')).toContainText('Rate limit reached for');
  });

  test('context overflow: the maximum context length message and what to do', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ anthropic: uniqueKey() });
    await chat.open();
    await chat.chooseModel('Claude 3 Haiku');
    await chat.send('A very long conversation [[sim:context-overflow]]');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('You have reached the maximum context length of the conversation.');
    await expect(error).toContainText('Delete some old messages, or continue in a new chat.');
  });

  test('a stream that fails midway keeps the partial answer and says the connection failed', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Tell me everything [[sim:long 60]] [[sim:midstream-error]]');
    const answer = chat.lastAnswer();
    await expect(answer.getByRole('alert')).toContainText(
      'The connection to OpenAI failed before the answer was complete.',
    );
    const partial = (await answer.locator('.md-body').innerText()).trim();
    expect(partial.split(/\s+/).length).toBeGreaterThan(5);
    await page.reload();
    await expect(chat.lastAnswer().locator('.md-body')).toHaveText(partial);
    await expect(chat.lastAnswer().getByRole('alert')).toContainText('The connection to OpenAI failed');
  });

  test('online but the server cannot be reached (down, wrong endpoint, CORS): says so and what to check', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await page.route('**/v1/chat/completions', (route) => route.abort('connectionrefused'));
    await chat.send('Anyone home?');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('Could not reach OpenAI.');
    await expect(error).toContainText('Check the endpoint in Settings');
    await expect(error).not.toContainText('offline');

    await page.unroute('**/v1/chat/completions');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: Anyone home?');
    await page.reload();
    await expect(chat.userMessages).toHaveText(['Anyone home?']);
  });

  test('offline: the offline message; back online, Retry gets the answer', async ({ page, context }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Hello while online');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello while online');

    await context.setOffline(true);
    await chat.send('Are you there?');
    await expect(chat.lastAnswer().getByRole('alert')).toContainText(
      'You appear to be offline. Please check your internet connection and try again.',
    );
    await expect(chat.userMessages).toHaveText(['Hello while online', 'Are you there?']);

    await context.setOffline(false);
    await chat.lastAnswer().getByRole('button', { name: 'Retry' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: Are you there?');
    await expect(chat.lastAnswer().getByRole('alert')).toHaveCount(0);
  });
});
