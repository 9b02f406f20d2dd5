import { expect, test } from '@playwright/test';
import { alertsOutsideMessages, recordAlertsOutsideMessages } from '../pages/alert-log';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { keepScreenshot } from '../support/screenshots';

const INVALID_KEY_TEXT = /API key is not working.*paid account with billing set up and credits available/;
const BILLING_TEXT =
  /API key was accepted, but it is not working for requests: its account needs a paid plan with billing set up and credits available/;

/**
 * CE5: the error is on the failed answer and nowhere else. A clean message sent afterwards is
 * answered, so the failed answer's handling has ended; no toast or banner ever carried `text`.
 */
async function expectShownOnlyInTheChat(chat: ChatPage, text: string) {
  await expect(chat.page.getByRole('alert').filter({ hasText: text })).toHaveCount(1);
  await chat.send('Still there?');
  await expect(chat.lastAnswer()).toContainText('Echo: Still there?');
  expect((await alertsOutsideMessages(chat.page)).filter((alert) => alert.includes(text))).toEqual([]);
  await expect(chat.page.getByRole('alert').filter({ hasText: text })).toHaveCount(1);
}

test.describe('Errors: the user is told why, and nothing typed is lost', () => {
  test('without a key: the prompt names the model and its provider; Send opens Settings at that key, the text stays', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    const prompt = chat.main
      .getByRole('status')
      .filter({ hasText: 'You need an API key from OpenAI to use GPT-5.1' });
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
    await chat.chooseModel('Claude Haiku 4.5');
    await expect(
      chat.main
        .getByRole('status')
        .filter({ hasText: 'You need an API key from Anthropic to use Claude Haiku 4.5' }),
    ).toBeVisible();
    await chat.main.getByRole('button', { name: 'Add API key' }).click();
    await expect(settings.getByLabel('Anthropic API key', { exact: true })).toBeFocused();
  });

  test('a rejected key (401): "Invalid API key" on the answer, nowhere else; the question stays', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openai: uniqueKey('sk-invalid') });
    await chat.open();
    await chat.send('Does my key work?');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('Invalid API key');
    await expect(error).toContainText(INVALID_KEY_TEXT);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid API key' })).toHaveCount(1);
    await expect(chat.userMessages).toHaveText(['Does my key work?']);
  });

  test('OpenAI 429 insufficient_quota: billing and credits, not "Invalid API key", shown once', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Out of quota [[sim:error 429 quota]]');
    const error = chat.answers.first().getByRole('alert');
    await expect(error).toContainText('Your OpenAI account needs billing or credits');
    await expect(error).toContainText(BILLING_TEXT);
    await expect(error).toContainText('OpenAI said: You exceeded your current quota');
    await expect(error).not.toContainText('Invalid API key');
    await expectShownOnlyInTheChat(chat, 'Your OpenAI account needs billing or credits');
  });

  test('OpenRouter 402 out of credits: billing and credits, with what OpenRouter said, shown once', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openrouter: uniqueKey('sk-or') });
    await chat.open();
    await chat.chooseModel('GPT-4o mini (OpenRouter)');
    await chat.send('No credits left [[sim:error 402]]');
    const error = chat.answers.first().getByRole('alert');
    await expect(error).toContainText('Your OpenRouter account needs billing or credits');
    await expect(error).toContainText(BILLING_TEXT);
    await expect(error).toContainText('OpenRouter said: This request requires more credits');
    await expectShownOnlyInTheChat(chat, 'Your OpenRouter account needs billing or credits');
  });

  test("a provider's 500: says the provider failed on its side (not the connection), with Retry, once", async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Server trouble [[sim:error 500]]');
    const error = chat.answers.first().getByRole('alert');
    await expect(error).toContainText('OpenAI had an error on its side and could not finish the answer.');
    await expect(error).not.toContainText('connection');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(error.getByRole('button', { name: 'Continue' })).toHaveCount(0);
    await expectShownOnlyInTheChat(chat, 'OpenAI had an error on its side');
  });

  test('Retry after a failure replaces the failed answer with the new one, also after a reload', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await recordAlertsOutsideMessages(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    // The first call meets the simulator's 500 (a passing failure); the retry goes through as sent.
    await page.route(
      '**/v1/chat/completions',
      async (route) => {
        const body = route.request().postDataJSON() as { messages: { role: string; content: string }[] };
        const last = body.messages.at(-1);
        if (last) last.content += ' [[sim:error 500]]';
        await route.continue({ postData: JSON.stringify(body) });
      },
      { times: 1 },
    );
    await chat.send('What is the capital of France?');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('OpenAI had an error on its side');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(chat.lastAnswer()).toContainText('Echo: What is the capital of France?');
    await expect(chat.answers).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await alertsOutsideMessages(page)).toEqual([]);
    await page.reload();
    await expect(chat.lastAnswer()).toContainText('Echo: What is the capital of France?');
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.messages.getByRole('alert')).toHaveCount(0);
  });

  test('a rate limit (429): explained, with what OpenAI said and the wait it names; Retry asks again', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('Too fast [[sim:error 429]]');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('OpenAI is limiting your requests right now.');
    await expect(error).not.toContainText('Unable to use the API');
    await expect(error).toContainText('OpenAI said: Rate limit reached for');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(async () => (await answerRequestsWithKey(key)).length).toBe(2);
    await expect(chat.answers).toHaveCount(1);
    await expect(chat.lastAnswer().getByRole('alert')).toContainText('Rate limit reached for');
  });

  test('ER17 a quota error in a compatible server’s own shape: its words, the wait it names, and Retry', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Daily limit [[sim:error 403 own-quota]]');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('OpenAI is limiting your requests right now.');
    await expect(error).toContainText('Your account reached a limit; it asks you to wait 42 minutes.');
    await expect(error).toContainText('OpenAI said: Daily quota of 100000 tokens exceeded');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
    await keepScreenshot(page, 'chat-error-rate-limit');
  });

  test('context overflow: the maximum context length message and what to do', async ({ page }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ anthropic: uniqueKey() });
    await chat.open();
    await chat.chooseModel('Claude Haiku 4.5');
    await chat.send('A very long conversation [[sim:context-overflow]]');
    const error = chat.lastAnswer().getByRole('alert');
    await expect(error).toContainText('You have reached the maximum context length of the conversation.');
    await expect(error).toContainText('Delete some old messages, or continue in a new chat.');
  });

  test('a stream that fails midway keeps the partial answer and says the provider failed, with Continue', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Tell me everything [[sim:long 60]] [[sim:midstream-error]]');
    const answer = chat.lastAnswer();
    await expect(answer.getByRole('alert')).toContainText(
      'OpenAI had an error on its side and could not finish the answer.',
    );
    await expect(answer.getByRole('alert')).not.toContainText('connection');
    const partial = (await answer.locator('.md-body').innerText()).trim();
    expect(partial.split(/\s+/).length).toBeGreaterThan(5);
    await page.reload();
    await expect(chat.lastAnswer().locator('.md-body')).toHaveText(partial);
    await expect(chat.lastAnswer().getByRole('alert')).toContainText('OpenAI had an error on its side');
    await expect(chat.lastAnswer().getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  test('a stream cut mid-answer says so; Continue finishes the same answer and the error goes', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    await chat.send('Tell me a long story [[sim:long 40]] [[sim:cut]]');
    const answer = chat.lastAnswer();
    const error = answer.getByRole('alert');
    await expect(error).toContainText('The answer from OpenAI stopped before it was complete');
    await expect(error).toContainText('Continue to finish the answer from where it stopped');
    const partial = (await answer.locator('.md-body').innerText()).trim();
    await error.getByRole('button', { name: 'Continue' }).click();
    // The simulator answers the continuation request's closing instruction with its echo.
    await expect(answer).toContainText('Echo: Continue exactly where your last message stopped');
    await expect(chat.answers).toHaveCount(1);
    await expect(answer.getByRole('alert')).toHaveCount(0);
    expect((await answer.locator('.md-body').innerText()).trim().startsWith(partial)).toBe(true);
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
