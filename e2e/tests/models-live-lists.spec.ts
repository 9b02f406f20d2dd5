import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { answerRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
import { FetchModelsDialog } from '../pages/fetch-models-dialog';
import { ModelPickerPage } from '../pages/model-picker-page';
import { ModelsSection } from '../pages/models-section';
import { openSettings } from '../pages/open-settings';
import { SIM_URL } from '../support/env';

test.describe('Live model lists', () => {
  // Each story loads lists from three providers and reloads: the slow timeout.
  test.slow();

  test('with keys, the picker lists each provider’s live models, with context and price from the lists', async ({
    page,
  }) => {
    const openaiKey = uniqueKey('sk-live');
    const picker = new ModelPickerPage(page);
    const chat = new ChatPage(page);
    await picker.seedVault({ openai: openaiKey, anthropic: uniqueKey('ant'), gemini: uniqueKey('gem') });
    await chat.open();
    await picker.open();

    // GPT-5.2 Pro is in no bundled catalogue: OpenAI lists it, OpenRouter's public list names and prices it.
    const pro = picker.option('GPT-5.2 Pro');
    await expect(pro).toContainText('400K context');
    await expect(pro).toContainText('$21 / $168 per 1M tokens');
    // Anthropic's list comes in pages of two: its last page's model is there.
    await picker.search.fill('claude-sonnet-4-2025');
    await expect(picker.option('Claude Sonnet 4')).toBeVisible();
    // What cannot chat is left out until "Show all".
    await picker.search.fill('embedding');
    await expect(picker.list.getByRole('option')).toHaveCount(0);
    await picker.showAll.check();
    await expect(picker.option('text-embedding-3-small')).toBeVisible();
    await picker.showAll.uncheck();

    // Searching by id, then choosing: the request goes to that model.
    await picker.search.fill('gpt-5.2-pro');
    await expect(picker.list.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(picker.trigger).toHaveText('GPT-5.2 Pro');
    await chat.send('Which model?');
    await expect(chat.lastAnswer()).toContainText('Echo: Which model?');
    const [request] = await answerRequestsWithKey(openaiKey);
    expect((request?.body as { model?: string }).model).toBe('gpt-5.2-pro');

    // The lists are cached: after a reload the picker has them before any refresh.
    await page.reload();
    await expect(picker.trigger).toHaveText('GPT-5.2 Pro');
  });

  test('a list that fails says why in the picker, and the built-in models stay usable', async ({ page }) => {
    const picker = new ModelPickerPage(page);
    const chat = new ChatPage(page);
    await picker.seedVault(
      { openai: uniqueKey('sk-bad'), gemini: uniqueKey('gem') },
      { openai: `${SIM_URL}/__models/401/v1`, gemini: `${SIM_URL}/__models/html/v1beta` },
    );
    await chat.open();
    await picker.open();
    await expect(picker.problems).toContainText(
      'OpenAI refused the API key (401) when listing models. Check the key in Settings → API keys. Showing the built-in models.',
    );
    await expect(picker.problems).toContainText('Google Gemini answered with a web page, not a model list.');
    await picker.choose('GPT-5.1');
    await chat.send('Still works?');
    await expect(chat.lastAnswer()).toContainText('Echo: Still works?');
  });

  test('Fetch models adds a local server’s models; hidden and reordered models stay so after a reload', async ({
    page,
  }) => {
    const picker = new ModelPickerPage(page);
    const chat = new ChatPage(page);
    await picker.seedVault({ openai: uniqueKey('sk-order') });
    await chat.open();
    // The live list is in (GPT-5.2 Pro is only there) before the order is changed.
    await picker.open();
    await expect(picker.option('GPT-5.2 Pro')).toBeVisible();
    await page.keyboard.press('Escape');

    const settings = await openSettings(page);
    await settings.showSection('Custom models');
    const fetchModels = new FetchModelsDialog(page);
    await fetchModels.openFrom(settings.dialog);
    await fetchModels.fetch(`${SIM_URL}/compat/vllm/v1`);
    // The embedding model cannot chat: not offered.
    await expect(fetchModels.dialog.getByText('2 models found')).toBeVisible();
    await fetchModels.model('llama3.2:3b').check();
    await fetchModels.model('qwen3:8b').check();
    await fetchModels.add(2);
    await expect(settings.dialog.getByRole('list', { name: 'Custom models' })).toContainText('qwen3:8b');

    const models = new ModelsSection(page);
    await models.open();
    await models.hide('GPT-4o');
    await models.moveUpWithKeyboard('GPT-5 mini');
    await expect(page.getByText('GPT-5 mini moved to position 3 of 10.')).toBeAttached();
    await settings.close();

    await page.reload();
    await expect(chat.composer).toBeVisible();
    await picker.open();
    const openai = picker.list.getByRole('option');
    // An option is named by its title, then its context and price.
    await expect(openai.nth(2)).toHaveAccessibleName(/^GPT-5 mini \d/);
    await expect(openai.nth(3)).toHaveAccessibleName(/^GPT-5 \d/);
    await picker.search.fill('gpt-4o');
    await expect(picker.option('GPT-4o mini')).toBeVisible();
    await expect(picker.option('GPT-4o')).toHaveCount(0);
    // vLLM's max_model_len is the context of the added models.
    await picker.search.fill('qwen3');
    await expect(picker.option('qwen3:8b')).toContainText('32K context');
  });
});
