import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, simRequestsWithKey, uniqueKey, type SimRequest } from '../pages/chat-sim-log';
import { ModelSettingsDialog } from '../pages/model-settings-dialog';

/** The last request whose body carries `text` (the answer call, not the title call after it). */
async function lastRequestWith(key: string, text: string): Promise<SimRequest | undefined> {
  return (await simRequestsWithKey(key))
    .filter((request) => JSON.stringify(request.body).includes(text))
    .at(-1);
}
import { modelOption } from '../pages/model-option';

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
    const turbo = modelOption(list, 'GPT-5.1');
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

    const settings = new ModelSettingsDialog(page);
    await settings.open();
    await settings.dialog.getByLabel('System message').fill('You are a pirate. Today is {local_date}.');
    await settings.number('Temperature').fill('0.3');
    await settings.setNumber('Max tokens', '256');
    await settings.dialog.getByRole('switch', { name: 'Stream answers' }).click();
    await expect(settings.dialog.getByRole('switch', { name: 'Stream answers' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await settings.close();

    await chat.send('Ahoy?');
    await expect(chat.lastAnswer()).toContainText('Echo: Ahoy?');
    const last = await lastRequestWith(key, 'Ahoy?');
    const body = last?.body as {
      temperature?: number;
      max_completion_tokens?: number;
      stream?: boolean;
      messages: { role: string; content: string }[];
    };
    // GPT-5.1 runs at effort none by default, so it takes a temperature; as a reasoning model it
    // takes the limit as max_completion_tokens (PR23).
    expect(body.temperature).toBe(0.3);
    expect(body.max_completion_tokens).toBe(256);
    expect(body.stream).toBe(false);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[0]?.content).toMatch(/^You are a pirate\. Today is \w+, .*\d{4}\.$/);
    expect(body.messages[0]?.content).not.toContain('{local_date}');
  });

  test('reasoning settings reach each provider in its shape; sliders move with the keyboard', async ({
    page,
  }) => {
    const openai = uniqueKey();
    const anthropic = uniqueKey('sk-ant-e2e');
    const chat = new ChatPage(page);
    const settings = new ModelSettingsDialog(page);
    await chat.seedKeys({ openai, anthropic });
    await chat.open();
    await chat.send('Start');
    await expect(chat.lastAnswer()).toContainText('Echo: Start');

    // GPT-5.1: the efforts it accepts, verbosity; a slider moved with the keyboard shows its number.
    await settings.open();
    await expect(settings.reasoning.getByRole('textbox', { name: 'Thinking budget' })).toHaveCount(0);
    await settings.select('Reasoning effort').selectOption('High');
    await settings.select('Verbosity').selectOption('Low');
    await settings.pressOnSlider('Temperature', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    await expect(settings.number('Temperature')).toHaveValue('0.8');
    await expect(settings.slider('Temperature')).toHaveValue('0.8');
    // At effort high OpenAI refuses a temperature: the form says it is not sent (RC6).
    await expect(settings.dialog.getByText(/While GPT-5.1 reasons, its provider refuses/)).toBeVisible();
    await settings.setNumber('Max tokens', '2000');
    await expect(settings.slider('Max tokens')).toHaveValue('2000');
    await settings.close();

    await chat.send('Think hard');
    await expect(chat.lastAnswer()).toContainText('Echo: Think hard');
    const toOpenAI = (await lastRequestWith(openai, 'Think hard'))?.body as Record<string, unknown>;
    expect(toOpenAI).toMatchObject({
      model: 'gpt-5.1',
      reasoning_effort: 'high',
      verbosity: 'low',
      max_completion_tokens: 2000,
    });
    for (const field of ['temperature', 'max_tokens', 'reasoning', 'thinking']) {
      expect(toOpenAI).not.toHaveProperty(field);
    }

    // The same chat on Claude: a thinking budget, moved on its slider (1024 a step).
    await chat.chooseModel('Claude Sonnet 4.5');
    await settings.open();
    await expect(settings.select('Reasoning effort')).toHaveCount(0);
    await expect(settings.slider('Temperature')).toHaveAttribute('max', '1');
    await settings.pressOnSlider('Thinking budget', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    await expect(settings.number('Thinking budget')).toHaveValue('4096');
    await settings.close();

    await chat.send('Think in Claude');
    await expect(chat.lastAnswer()).toContainText('Echo: Think in Claude');
    const toClaude = (await lastRequestWith(anthropic, 'Think in Claude'))?.body as Record<string, unknown>;
    // PR24: the budget on top of the answer's 2000 tokens; no temperature while thinking.
    expect(toClaude).toMatchObject({
      model: 'claude-sonnet-4-5-20250929',
      thinking: { type: 'enabled', budget_tokens: 4096 },
      max_tokens: 6096,
    });
    for (const field of ['temperature', 'reasoning_effort', 'verbosity', 'top_k']) {
      expect(toClaude).not.toHaveProperty(field);
    }
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
