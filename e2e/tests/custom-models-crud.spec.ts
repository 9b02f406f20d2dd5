import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { openSettings } from '../pages/open-settings';
import { CustomModelsSection } from '../pages/custom-models-section';
import { keepScreenshot } from '../support/screenshots';
import { SIM_URL } from '../support/env';

test.describe('Custom models', () => {
  test('add (a header row without its key is refused), edit and delete a custom model', async ({ page }) => {
    // Four page loads, two saves and a delete: it reached its last step at 30 s on a 2-core runner.
    test.slow();
    const shell = new AppShell(page);
    await shell.open();
    await openSettings(page);
    const models = new CustomModelsSection(page);
    await models.open();
    await expect(models.emptyState).toBeVisible();

    await models.addButton.click();
    await expect(models.dialog.getByRole('heading', { name: 'New custom model' })).toBeVisible();
    await models.saveButton.click();
    await expect(models.dialog.getByText('Required fields must be filled')).toHaveCount(2);

    await models.fill({
      title: 'Local Llama',
      modelId: 'llama3.1:8b',
      endpoint: `${SIM_URL}/v1/chat/completions`,
      contextLength: '8192',
    });
    await models.addHeaderRow('', 'Bearer local-token');
    await models.saveButton.click();
    await expect(models.dialog.getByText('Key is required')).toBeVisible();
    await expect(models.field('Headers row 1 key')).toHaveAttribute('aria-invalid', 'true');
    await expect(models.field('Headers row 1 key')).toBeFocused();
    await keepScreenshot(page, 'custom-models-form-error');

    await models.field('Headers row 1 key').fill('Authorization');
    await models.saveButton.click();
    await expect(models.item('Local Llama')).toBeVisible();
    await expect(models.item('Local Llama')).toContainText('llama3.1:8b');
    await expect(models.item('Local Llama')).toContainText('OpenAI-compatible · 8K context');

    await page.reload();
    await openSettings(page);
    await models.open();
    await expect(models.item('Local Llama')).toBeVisible();
    await keepScreenshot(page, 'custom-models-list');

    await models.editButton('Local Llama').click();
    await expect(models.field('Model ID')).toHaveValue('llama3.1:8b');
    await expect(models.field('Headers row 1 key')).toHaveValue('Authorization');
    await models.fill({ title: 'Llama 8B', apiType: 'Anthropic (Claude)', contextLength: '' });
    await models.dialog.getByRole('switch', { name: 'Vision support' }).click();
    await models.saveButton.click();
    await expect(models.item('Llama 8B')).toContainText('Anthropic (Claude) · 2K context');
    await expect(models.item('Local Llama')).toHaveCount(0);

    await page.reload();
    await openSettings(page);
    await models.open();
    await models.editButton('Llama 8B').click();
    await expect(models.dialog.getByRole('switch', { name: 'Vision support' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await models.dialog.getByRole('button', { name: 'Cancel' }).click();

    await models.deleteModel('Llama 8B');
    await expect(models.emptyState).toBeVisible();
    await page.reload();
    await openSettings(page);
    await models.open();
    await expect(models.emptyState).toBeVisible();
  });
});
