import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { LicenseSection } from '../pages/license-section';
import { createLicenseKey } from '../pages/license-server-admin';
import { ToolSteps } from '../pages/tool-steps';
import { upgradePrompt } from '../pages/upgrade-prompt';
import { WebSearch } from '../pages/web-search-settings';
import { SIM_URL } from '../support/env';

const search = (keyword: string) => `Look it up [[sim:tool get_web_search_results {"keyword":"${keyword}"}]]`;

test.describe('Web search', () => {
  test('blocked before a license; on Extended it searches Google and SearXNG fakes, and says when the quota is used up', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const licenseKey = await createLicenseKey(request, { plan: 'extended' });
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const web = new WebSearch(page);
    const tools = new ToolSteps(page);

    // webSearch is an Extended feature: without a license the button says so.
    await web.button.click();
    await expect(
      upgradePrompt(page).getByText('You need to buy a license key to use this feature.'),
    ).toBeVisible();
    const license = new LicenseSection(page);
    await upgradePrompt(page).getByRole('button', { name: 'Upgrade' }).click();
    await license.dialog.getByRole('button', { name: 'I have a license key' }).click();
    await license.activate(licenseKey, 'Search laptop');
    await expect(license.managerHeading).toBeVisible();
    await license.settings.close();

    await web.configure({
      engine: 'Google Programmable Search',
      values: {
        'Search Engine ID': 'engine-e2e',
        'Search Engine API Key': 'google-key-e2e',
        'Google API endpoint': `${SIM_URL}/customsearch/v1`,
      },
    });
    await web.arm();
    await chat.send(search('tides'));
    await expect(web.button).toHaveAttribute('aria-pressed', 'false');
    await expect(chat.lastAnswer()).toContainText(
      'Tool result received: Title: Google result 1 for tides Result: Snippet 1 about tides (engine engine-e2e).',
      { timeout: 45_000 },
    );

    await web.arm();
    await chat.send(search('over-quota'));
    await expect(chat.lastAnswer()).toContainText('the free quota of 100 queries a day is used up', {
      timeout: 45_000,
    });
    await expect(tools.steps.last()).toContainText('Failed');

    await web.configure({ engine: 'SearXNG', values: { 'SearXNG address': `${SIM_URL}/searxng` } });
    await web.arm();
    await chat.send(search('moon'));
    await expect(chat.lastAnswer()).toContainText('Title: SearXNG result 1 for moon', { timeout: 45_000 });

    // Without the button, the model is offered no search: its call is an unknown function.
    await chat.send(search('unarmed'));
    await expect(chat.lastAnswer()).toContainText('Unknown function: get_web_search_results', {
      timeout: 45_000,
    });
  });
});
