import { expect, type Page } from '@playwright/test';
import { SettingsDialog } from './settings-dialog';

/** Opens Settings from the top bar's gear button (named exactly "Settings"; "Model settings" sits beside it). */
export async function openSettings(page: Page): Promise<SettingsDialog> {
  const settings = new SettingsDialog(page);
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(settings.dialog).toBeVisible();
  return settings;
}
