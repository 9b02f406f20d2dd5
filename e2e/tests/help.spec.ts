import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { PalettePage } from '../pages/palette-page';
import { keepScreenshot } from '../support/screenshots';

test('Help: the user guide from the sidebar, searched and linked by section; the FAQ and what is new from the palette; on a phone too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const shell = new AppShell(page);
  await shell.open();
  await shell.sidebar.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help.getByRole('tab', { name: 'User guide', selected: true })).toBeVisible();
  const contents = help.getByRole('navigation', { name: 'Contents' });
  await expect(contents.getByRole('link', { name: 'Voice' })).toBeVisible();
  await expect(contents.getByRole('link', { name: 'Import and export' })).toBeVisible();
  // The guide is README's "Using Parley" part: hosting and development are not in it.
  await expect(help.getByText('npm run build:static')).toHaveCount(0);

  // Searching keeps the sections that hold every word.
  const search = help.getByRole('searchbox', { name: 'Search the user guide' });
  await search.fill('microphone');
  await expect(contents.getByRole('link', { name: 'Voice' })).toBeVisible();
  await expect(contents.getByRole('link', { name: 'Import and export' })).toHaveCount(0);
  await search.fill('zzzz-no-such-word');
  await expect(help.getByText('Nothing matches “zzzz-no-such-word”.')).toBeVisible();
  await search.fill('');

  // A section's link shows it and names it in the address.
  await contents.getByRole('link', { name: 'Language' }).click();
  const language = help.getByRole('region', { name: 'Language', exact: true });
  await expect(language).toBeInViewport();
  await expect(language.getByText('Same as the browser')).toBeVisible();
  await expect(page).toHaveURL(/#help-guide-language$/);
  await keepScreenshot(page, 'help-guide-wide');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => shell.appliedTheme()).toBe('dark');
  await keepScreenshot(page, 'help-guide-wide-dark');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // The palette opens the changelog and the FAQ.
  const palette = new PalettePage(page);
  await palette.open();
  await palette.input.fill("what's new");
  await palette.dialog.getByRole('option', { name: "What's new" }).click();
  await expect(help.getByRole('tab', { name: "What's new", selected: true })).toBeVisible();
  await expect(help.getByRole('heading', { name: '[Unreleased]' })).toBeVisible();
  await expect(help.getByText('Twelve languages')).toBeVisible();
  await keepScreenshot(page, 'help-changelog-wide');
  await page.keyboard.press('Escape');
  await palette.open();
  await palette.input.fill('open faq');
  await palette.dialog.getByRole('option', { name: 'Open FAQ' }).click();
  await expect(help.getByRole('tab', { name: 'FAQ', selected: true })).toBeVisible();
  await help.getByRole('searchbox', { name: 'Search the FAQ' }).fill('API key');
  await expect(help.getByRole('heading', { name: 'Is my API key sent anywhere?' })).toBeVisible();
  await expect(help.getByRole('heading', { name: 'How do I change the language?' })).toHaveCount(0);

  // An address naming a section opens Help there (on a phone here).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#help-faq-how-do-i-install-parley-as-an-app');
  const install = help.getByRole('region', { name: 'How do I install Parley as an app?' });
  await expect(install).toBeInViewport();
  await keepScreenshot(page, 'help-faq-phone-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => shell.appliedTheme()).toBe('light');
  await keepScreenshot(page, 'help-faq-phone');
});
