import { expect, test } from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { pngFile } from '../pages/document-fixtures';
import { upgradePrompt } from '../pages/upgrade-prompt';
import { LicenseSection } from '../pages/license-section';
import { createLicenseKey } from '../pages/license-server-admin';
import { keepScreenshot } from '../support/screenshots';

declare global {
  interface Window {
    spokenTexts?: string[];
  }
}

test.describe('License gating', () => {
  test('Play on an answer: blocked with "Upgrade" before a license, reads the answer aloud on Extended', async ({
    page,
    request,
  }) => {
    test.slow(); // the license CLI starts a Node process with tsx
    // Headless Chromium has no voices: record what the app asks the browser to say instead.
    await page.addInitScript(() => {
      window.spokenTexts = [];
      const fake = {
        speak: (utterance: SpeechSynthesisUtterance) => window.spokenTexts!.push(utterance.text),
        cancel: () => {},
        getVoices: () => [],
      };
      Object.defineProperty(window, 'speechSynthesis', { value: fake, configurable: true });
    });
    const key = await createLicenseKey(request, { plan: 'extended' });
    const license = new LicenseSection(page);

    await page.goto('/');
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('button', { name: /Quick dinner ideas/ })
      .click();
    const answer = page.getByRole('article', { name: 'Assistant' });
    await expect(answer).toContainText('Spinach and feta omelette');
    const play = answer.getByRole('button', { name: 'Play', exact: true });

    await play.click();
    await expect(
      upgradePrompt(page).getByText('You need to buy a license key to use this feature.'),
    ).toBeVisible();
    await expect(upgradePrompt(page).getByText('Included from the Extended plan.')).toBeVisible();
    await keepScreenshot(page, 'license-play-blocked');
    expect(await page.evaluate(() => window.spokenTexts)).toEqual([]);

    await upgradePrompt(page).getByRole('button', { name: 'Upgrade' }).click();
    await expect(license.plansHeading).toBeVisible();
    await license.dialog.getByRole('button', { name: 'I have a license key' }).click();
    await license.activate(key, 'Kitchen tablet');
    await expect(license.managerHeading).toBeVisible();
    await license.settings.close();

    await play.click();
    await expect(answer.getByRole('button', { name: 'Stop', exact: true })).toBeVisible();
    // The answer is queued in sentence chunks (decision 0087), the first one short.
    await expect
      .poll(async () => (await page.evaluate(() => window.spokenTexts))?.length ?? 0)
      .toBeGreaterThan(1);
    const chunks = (await page.evaluate(() => window.spokenTexts)) ?? [];
    expect(chunks[0]).toBe('Here are three quick options:');
    const spoken = chunks.join(' ');
    expect(spoken).toContain('Spinach and feta omelette: sauté the spinach');
    expect(spoken).not.toMatch(/\*\*|^\d\. /m);
    await answer.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(play).toBeVisible();
  });

  test('the plans follow the gates: on Standard a picture names Premium with Upgrade, whose plans sell every gated feature as there', async ({
    page,
    request,
  }) => {
    await activateLicense(page, request, 'standard');
    const files = new AttachFiles(page);
    await files.choose([pngFile('photo.png', 32, 32)]);
    const refused = files.tray.getByRole('status').filter({ hasText: 'part of the Premium plan' });
    await expect(refused).toContainText('Included from the Premium plan.');
    await expect(files.chip('photo.png')).toHaveCount(0);

    // Upgrade opens the plans: every feature the app gates is listed as there, none as coming but
    // the one the app does not have.
    await refused.getByRole('button', { name: 'Upgrade' }).click();
    const license = new LicenseSection(page);
    await expect(license.plansHeading).toBeVisible();
    await expect(license.dialog.getByLabel(/: coming, not in Parley yet$/)).toHaveCount(1);
    await expect(
      license.dialog.getByLabel('Fill in content with AI: coming, not in Parley yet'),
    ).toBeVisible();
    for (const feature of ['Document upload', 'Web search', 'Vision (images in chats)', 'Unlimited plugins'])
      await expect(license.dialog.getByText(feature, { exact: true }).first()).toBeVisible();
    await keepScreenshot(page, 'license-plans-from-gates');
  });
});
