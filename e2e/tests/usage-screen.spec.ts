import { expect, test } from '@playwright/test';
import { ApiKeysSection } from '../pages/api-keys-section';
import { AppShell } from '../pages/app-shell';
import { openSettings } from '../pages/open-settings';
import { UsageSection } from '../pages/usage-section';
import { SIM_URL } from '../support/env';
import { keepScreenshot } from '../support/screenshots';

test.describe('Usage', () => {
  test('an answer from the provider shows up in tokens and cost, by day and by model', async ({ page }) => {
    const shell = new AppShell(page);
    await shell.open();

    const settings = await openSettings(page);
    const usage = new UsageSection(page);
    await usage.open();
    await expect(usage.emptyState).toBeVisible();
    await expect(usage.total('Requests')).toHaveText('0');

    // Talk to the provider simulator with an OpenAI key.
    const keys = new ApiKeysSection(page);
    await keys.open();
    await keys.keyField('OpenAI').fill('sk-e2e-usage');
    await keys.endpointField('OpenAI').fill(`${SIM_URL}/v1`);
    await settings.close();

    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill('Say hello [[sim:reply Hello from the simulator, counted in usage.]]');
    await composer.press('Enter');
    // In the answer itself (the sidebar row previews the same words).
    const answer = page.getByRole('article', { name: 'Assistant' });
    await expect(
      answer.getByText('Hello from the simulator, counted in usage.', { exact: true }),
    ).toBeVisible({
      timeout: 15_000,
    });

    await openSettings(page);
    await usage.open();
    await expect(usage.total('Requests')).not.toHaveText('0', { timeout: 10_000 });
    await expect(usage.chart).toBeVisible();
    await usage.expectModelRow('GPT-5.1');
    await expect(usage.total('Total cost')).toHaveText(/^(\$0\.\d{2,6}|< \$0\.0001)$/);
    await expect(usage.total('Total cost')).not.toHaveText('$0.00');
    await keepScreenshot(page, 'usage-screen');

    await usage.range('7 days').check();
    await expect(usage.range('7 days')).toBeChecked();
    await expect(usage.chart).toHaveAccessibleName('Bar chart of cost per day over the last 7 days');
    await usage.expectModelRow('GPT-5.1');
  });
});
