import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, openAiMessages, uniqueKey } from '../pages/chat-sim-log';

test.describe('Chat with each provider', () => {
  const cases = [
    { provider: 'openai', model: 'GPT-5.1', path: '/v1/chat/completions', header: 'authorization' },
    { provider: 'anthropic', model: 'Claude Sonnet 4.5', path: '/v1/messages', header: 'x-api-key' },
    {
      provider: 'gemini',
      model: 'Gemini 2.5 Flash',
      path: '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      header: 'x-goog-api-key',
    },
    {
      provider: 'openrouter',
      model: 'GPT-4o mini (OpenRouter)',
      path: '/api/v1/chat/completions',
      header: 'authorization',
    },
  ] as const;

  for (const { provider, model, path, header } of cases) {
    test(`a new user streams an answer from ${model} (${provider})`, async ({ page }) => {
      const key = uniqueKey(provider);
      const chat = new ChatPage(page);
      await chat.seedKeys({ [provider]: key });
      await chat.open();
      if (model !== 'GPT-5.1') await chat.chooseModel(model);

      await chat.send(`Hello ${provider}, how are you?`);
      await expect(chat.userMessages.last()).toContainText(`Hello ${provider}, how are you?`);
      await expect(chat.lastAnswer()).toContainText(`Echo: Hello ${provider}, how are you?`);
      await expect(chat.composer).toHaveValue('');
      await expect(chat.composer).toBeFocused();

      const [request] = await answerRequestsWithKey(key);
      expect(request?.path).toBe(path);
      expect(request?.headers[header]).toContain(key);
      // The default system message goes first (SM1).
      expect(JSON.stringify(request?.body)).toContain('You are a helpful AI assistant.');

      // The chat is listed and titled automatically after the first answer (TT1).
      await expect(chat.chatInList(/Echo|Hello/)).toBeVisible();
      await expect(chat.chatInList(/Echo|Hello/)).toHaveAttribute('aria-current', 'page');
    });
  }

  test('the answer shows tokens and cost, and the conversation is sent on the next turn', async ({
    page,
  }) => {
    const key = uniqueKey();
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: key });
    await chat.open();
    await chat.send('First question');
    await expect(chat.lastAnswer()).toContainText('Echo: First question');
    await expect(chat.lastAnswer()).toContainText(/\d+ tokens · (\$0\.\d{4}|< \$0\.0001)/);
    await chat.send('Second question');
    await expect(chat.lastAnswer()).toContainText('Echo: Second question');
    const requests = await answerRequestsWithKey(key);
    expect(openAiMessages(requests[1]).map((message) => message.content)).toEqual([
      'You are a helpful AI assistant.',
      'First question',
      'Echo: First question',
      'Second question',
    ]);
  });
});
