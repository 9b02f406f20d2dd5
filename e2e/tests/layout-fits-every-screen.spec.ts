import { expect, test, type Page } from '@playwright/test';
import { ChatPage, SIM_ENDPOINTS } from '../pages/chat-page';
import { KeyboardShortcutsDialog } from '../pages/keyboard-shortcuts-dialog';
import { LayoutCheck } from '../pages/layout-check';
import { changeLanguageFromPalette, localeWords } from '../pages/locale-words';
import { modelOption } from '../pages/model-option';
import { openSettings } from '../pages/open-settings';
import { PalettePage } from '../pages/palette-page';
import { seedLibrary } from '../pages/sidebar-library';

const WIDE_TABLE = [
  'Compare these:',
  '',
  '| Provider | Model | Context window | Prompt price | Completion price | Vision | Tools | Notes |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  '| Anthropic | Claude 3 Haiku | 200,000 | 0.00025 | 0.00125 | yes | yes | fastest of the family |',
  '| OpenAI | GPT-4 Turbo | 128,000 | 0.01 | 0.03 | yes | yes | good default |',
].join('\n');

const screens = [
  { name: 'phone-360-light', viewport: { width: 360, height: 740 }, colorScheme: 'light', phone: true },
  { name: 'phone-390-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark', phone: true },
  { name: 'wide-light', viewport: { width: 1400, height: 900 }, colorScheme: 'light', phone: false },
  { name: 'wide-dark', viewport: { width: 1400, height: 900 }, colorScheme: 'dark', phone: false },
] as const;

for (const screen of screens) {
  test.describe(`Every screen fits (${screen.name})`, () => {
    test.use({
      viewport: screen.viewport,
      colorScheme: screen.colorScheme,
      isMobile: screen.phone,
      hasTouch: screen.phone,
    });

    test('the chat, the picker, model settings, the palette, shortcuts and every Settings section fit and work', async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const check = new LayoutCheck(page, screen.name);
      const chat = new ChatPage(page);
      await chat.seedKeys({ openai: 'sk-layout', openrouter: 'sk-or-layout' });
      await chat.open();
      await check.expectFits('start');

      // Keyboard hints are for keyboards: not on a phone.
      const shortcutsButton = page.getByRole('banner').getByRole('button', { name: 'Keyboard shortcuts' });
      const sidebarHint = page.getByText('to show or hide the sidebar');
      if (screen.phone) {
        await expect(shortcutsButton).toBeHidden();
        await expect(sidebarHint).toBeHidden();
      } else {
        await expect(shortcutsButton).toBeVisible();
      }

      // The picker opens inside the screen and changes the model.
      await chat.modelPicker.click();
      const list = page.getByRole('listbox', { name: 'Models' });
      await expect(list).toBeInViewport({ ratio: 1 });
      await check.expectFits('model-picker');
      await page.getByRole('searchbox', { name: 'Search models' }).fill('gpt-4o mini');
      await modelOption(list, 'GPT-4o mini (OpenRouter)').click();
      await expect(chat.modelPicker).toHaveText('GPT-4o mini (OpenRouter)');

      // An answer with a wide table: the table scrolls inside the message, words stay whole.
      await chat.send(WIDE_TABLE);
      const answer = chat.lastAnswer();
      const table = answer.getByRole('table');
      await expect(table).toBeVisible({ timeout: 45_000 });
      await expect(answer.getByText(/tokens · /)).toBeVisible();
      const headerHeights = await table
        .getByRole('columnheader')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().height));
      for (const height of headerHeights)
        expect(height, 'a header cell squeezed onto many lines').toBeLessThan(80);
      await check.expectFits('answer-with-table');

      // The chat's cost and Usage's agree (the provider reported it).
      const chatCost = (await answer.getByText(/tokens · /).innerText()).split('· ')[1]!;
      expect(chatCost).not.toBe('$0.0000');

      // Model settings open from the top bar (nothing covers the button) and keep a change.
      const modelSettingsButton = page.getByRole('banner').getByRole('button', { name: 'Model settings' });
      await modelSettingsButton.click();
      const modelSettings = page.getByRole('dialog', { name: 'Model settings' });
      await expect(modelSettings).toBeVisible();
      await check.expectFits('model-settings', modelSettings);
      await modelSettings.getByRole('textbox', { name: 'Temperature' }).fill('0.4');
      await modelSettings.getByRole('textbox', { name: 'Temperature' }).press('Tab');
      await page.keyboard.press('Escape');
      await modelSettingsButton.click();
      await expect(modelSettings.getByRole('textbox', { name: 'Temperature' })).toHaveValue('0.4');
      await page.keyboard.press('Escape');

      // Play without a license: its "Upgrade" stays on screen.
      await chat.messageAction(answer, 'Play');
      const upgrade = page.getByRole('button', { name: 'Upgrade' });
      await expect(upgrade).toBeInViewport({ ratio: 1 });
      await check.expectFits('play-upgrade');
      await page.keyboard.press('Escape');

      // The chat actions' More menu.
      await chat.actions.getByRole('button', { name: 'More chat actions' }).click();
      await expect(chat.actions.getByRole('button', { name: 'Reset Chat' })).toBeInViewport({ ratio: 1 });
      await check.expectFits('more-actions');
      await page.keyboard.press('Escape');

      // The palette: choosing "Switch model…" with the pointer, typing still filters.
      const palette = new PalettePage(page);
      await palette.open();
      await check.expectFits('palette', palette.dialog);
      await palette.dialog.getByRole('option', { name: 'Switch model…' }).click();
      await page.keyboard.type('haiku');
      await expect(palette.dialog.getByRole('option', { name: /^Claude Haiku 4.5/ })).toBeVisible();
      await expect(palette.dialog.getByRole('option', { name: /GPT-5.1/ })).toHaveCount(0);
      await check.expectFits('palette-models', palette.dialog);
      await page.keyboard.press('Escape');
      await expect(palette.dialog).toBeHidden();

      // Keyboard shortcuts ("?").
      const shortcuts = new KeyboardShortcutsDialog(page);
      await shortcuts.openWithQuestionMark();
      await check.expectFits('shortcuts', shortcuts.dialog);
      await shortcuts.close();

      await checkEverySettingsSection(page, check);
    });
  });
}

async function checkEverySettingsSection(page: Page, check: LayoutCheck) {
  const settings = await openSettings(page);
  const dialog = settings.dialog;
  for (const section of [
    'General',
    'API keys',
    'Chat',
    'License',
    'Cloud Sync',
    'Custom models',
    'Usage',
    'Keyboard shortcuts',
    'Data',
  ]) {
    await settings.showSection(section);
    await expect(dialog.getByRole('tabpanel')).not.toBeEmpty();
    await check.expectFits(`settings-${section.toLowerCase().replace(/ /g, '-')}`, dialog);
  }

  // An edited endpoint shows its long default URL and a Reset button: the card still fits.
  await settings.showSection('API keys');
  const endpoint = dialog.getByLabel('Gemini endpoint', { exact: true });
  await endpoint.fill(`${SIM_ENDPOINTS.gemini}/a-rather-long-path/that-keeps-going/and-going/on-and-on`);
  const reset = dialog.getByRole('button', { name: 'Reset to default: Gemini endpoint' });
  await reset.scrollIntoViewIfNeeded();
  await expect(reset).toBeInViewport({ ratio: 1 });
  await expect(dialog.getByRole('button', { name: 'Show Gemini API key' })).toBeInViewport({ ratio: 1 });
  await check.expectFits('settings-api-keys-edited', dialog);

  await settings.showSection('License');
  await dialog.getByRole('button', { name: 'See plans' }).click();
  await expect(dialog.getByRole('heading', { name: 'Plans', exact: true })).toBeVisible();
  await check.expectFits('settings-license-plans', dialog);

  await settings.showSection('Custom models');
  await dialog.getByRole('button', { name: 'Add custom model' }).click();
  await expect(dialog.getByRole('switch', { name: 'Vision support' })).toBeVisible();
  await check.expectFits('settings-custom-model-form', dialog);

  await settings.showSection('Usage');
  await expect(dialog.getByRole('table', { name: 'By model' })).toBeVisible();
  await check.expectFits('settings-usage-with-answer', dialog);
}

/**
 * The same screens in long languages (German, Greek), one with long words in another script
 * (Russian) and a short one (Chinese). On a phone, where a long word has nowhere to go, all four;
 * wide, where the same words have room, the longest (German) and the one that wraps anywhere
 * (Chinese). One page per width: the language is switched from the palette between passes (no new
 * browser, no reload), and controls are found by each language's own words. Settings is walked tab
 * by tab, so a section added later is checked too. Over the 10 s a story may cost
 * (docs/testing.md): the phone's pass checks about 25 screens in four languages, some 100 layout
 * checks, in 20-30 s on the project's machine; one browser per width keeps it there.
 */
const LANGUAGES = ['de', 'el', 'ru', 'zh-CN'] as const;
const WIDE_LANGUAGES = ['de', 'zh-CN'] as const;
const TABLE_ANSWER = WIDE_TABLE.replace('Compare these:', 'Here is the comparison:');

for (const screen of [
  { name: 'phone-360', viewport: { width: 360, height: 740 }, phone: true, languages: LANGUAGES },
  { name: 'wide-1400', viewport: { width: 1400, height: 900 }, phone: false, languages: WIDE_LANGUAGES },
] as const) {
  const names = screen.languages.map((language) =>
    new Intl.DisplayNames(['en'], { type: 'language' }).of(language),
  );
  test.describe(`Every screen fits in ${names.join(', ')} (${screen.name})`, () => {
    // The browser asks for German: the first pass needs no switch.
    test.use({ viewport: screen.viewport, isMobile: screen.phone, hasTouch: screen.phone, locale: 'de-DE' });

    test('the chat, its menus and dialogs, the palette, shortcuts and every Settings section fit', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const chat = new ChatPage(page);
      await chat.seedKeys({ openai: 'sk-layout' });
      await page.goto('/');
      await seedLibrary(page, [
        {
          id: 'ch-e2e-layout-languages',
          title: 'A chat with a wide table',
          updatedAt: new Date().toISOString(),
          messages: [WIDE_TABLE, TABLE_ANSWER],
        },
      ]);
      let shown: string = screen.languages[0];
      await expect(page.locator('html')).toHaveAttribute('lang', shown);
      for (const language of screen.languages) {
        if (language !== shown) await changeLanguageFromPalette(page, shown, language);
        shown = language;
        await checkEveryScreenIn(
          page,
          new LayoutCheck(page, `${screen.name}-${language}`, { soft: true }),
          language,
          screen.phone,
        );
      }
    });
  });
}

async function checkEveryScreenIn(page: Page, check: LayoutCheck, language: string, phone: boolean) {
  const t = localeWords(language);
  const banner = page.getByRole('banner');
  const main = page.getByRole('main');
  // The first pass opens the chat (on a phone the chat list is behind the top bar's sidebar button).
  if (!(await main.getByRole('table').isVisible())) {
    if (phone) await banner.getByRole('button', { name: t('shell.sidebar.expand') }).click();
    await page
      .getByRole('navigation', { name: t('shell.sidebar.label') })
      .getByText('A chat with a wide table')
      .click();
  }
  // The answer's markdown renderer is a chunk of its own: on a busy machine it can take a while.
  await expect(main.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await check.expectFits('chat');

  await banner.getByRole('combobox').first().click();
  await expect(page.getByRole('listbox', { name: t('modelPicker.listLabel') })).toBeInViewport({ ratio: 1 });
  await check.expectFits('model-picker', undefined, { screenshot: false });
  await page.keyboard.press('Escape');

  await banner.getByRole('button', { name: t('modelSettings.open') }).click();
  const modelSettings = page.getByRole('dialog', { name: t('modelSettings.title') });
  await expect(modelSettings).toBeVisible();
  await check.expectFits('model-settings', modelSettings, { screenshot: false });
  await page.keyboard.press('Escape');

  const actions = main.getByRole('toolbar', { name: t('chat.actions.label') });
  await actions.getByRole('button', { name: t('chat.actions.more') }).click();
  await expect(
    actions.getByRole('button', { name: t('chat.actions.resetChat'), exact: true }),
  ).toBeInViewport({
    ratio: 1,
  });
  await check.expectFits('more-actions', undefined, { screenshot: false });
  await page.keyboard.press('Escape');

  const palette = page.getByRole('dialog', { name: t('palette.label') });
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press('ControlOrMeta+k');
    await expect(palette.getByRole('combobox')).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await check.expectFits('palette', palette, { screenshot: false });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();

  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+Slash');
  const shortcuts = page.getByRole('dialog', { name: t('keyboardShortcuts.title') });
  await expect(shortcuts).toBeVisible();
  await check.expectFits('shortcuts', shortcuts, { screenshot: false });
  await page.keyboard.press('Escape');
  await expect(shortcuts).toBeHidden();

  await banner.getByRole('button', { name: t('shell.topBar.settings'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: t('settings.title') });
  const tabs = dialog.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  expect(count).toBeGreaterThan(10);
  for (let index = 0; index < count; index++) {
    await tabs.nth(index).click();
    await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('tabpanel')).not.toBeEmpty();
    await check.expectFits(`settings-${index}`, dialog, { screenshot: index === 0 });
  }
  await tabs.filter({ hasText: t('settings.sections.license') }).click();
  await dialog.getByRole('button', { name: t('license.activation.seePlans') }).click();
  await expect(dialog.getByRole('heading', { name: t('license.purchase.title'), exact: true })).toBeVisible();
  await check.expectFits('settings-license-plans', dialog, { screenshot: false });
  await tabs.filter({ hasText: t('settings.sections.customModels') }).click();
  await dialog.getByRole('button', { name: t('customModels.add') }).click();
  await expect(dialog.getByRole('switch', { name: t('customModels.vision') })).toBeVisible();
  await check.expectFits('settings-custom-model-form', dialog, { screenshot: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}
