import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { SIM_ENDPOINTS } from '../pages/chat-page';
import { openAiMessages, simRequestsWithKey, uniqueKey } from '../pages/chat-sim-log';
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

  // Asking about Parley with no key for the chosen model says so plainly.
  await help.locator('summary', { hasText: 'Ask about Parley' }).click();
  const question = help.getByRole('textbox', { name: 'Your question' });
  await question.fill('How do I sync my chats?');
  await help.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(help.getByText(/No API key is set for .+\. Add one in Settings → API keys/)).toBeVisible();

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

  // With a key, the question goes to the chosen model (the simulator) with the help as its system
  // message; the answer links the sections it names.
  const key = uniqueKey();
  await page.evaluate(
    ({ endpoints, openai }) => {
      localStorage.setItem('TM_keyVault', JSON.stringify({ version: 1, endpoints, plainKeys: { openai } }));
    },
    { endpoints: SIM_ENDPOINTS, openai: key },
  );
  await page.reload();
  await help.locator('summary', { hasText: 'Ask about Parley' }).click();
  await question.fill(
    'How do I sync? [[sim:reply Open **Settings → Cloud Sync** and sign in on every device.\n\nSections: [faq-how-do-i-sync-my-chats-between-devices]]]',
  );
  await help.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(
    help.getByText('Open Settings → Cloud Sync and sign in on every device.', { exact: true }),
  ).toBeVisible();
  await keepScreenshot(page, 'help-ask-phone');
  const [request] = await simRequestsWithKey(key);
  const [system, user] = openAiMessages(request);
  expect(system?.role).toBe('system');
  expect(String(system?.content)).toContain('## [guide-cloud-sync-and-backup] Cloud sync and backup');
  expect(String(system?.content)).toContain('## [faq-how-do-i-sync-my-chats-between-devices]');
  expect(user?.role).toBe('user');
  await help
    .getByText('From the help:')
    .getByRole('link', { name: 'How do I sync my chats between devices?' })
    .click();
  await expect(
    help.getByRole('region', { name: 'How do I sync my chats between devices?' }),
  ).toBeInViewport();
  await page.emulateMedia({ colorScheme: 'light' });
  await expect.poll(() => shell.appliedTheme()).toBe('light');
  await keepScreenshot(page, 'help-faq-phone');
});
