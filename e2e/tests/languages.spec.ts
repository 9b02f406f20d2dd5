import { expect, test } from '@playwright/test';
import { localeWords } from '../pages/locale-words';
import { seedLibrary } from '../pages/sidebar-library';
import { keepScreenshot } from '../support/screenshots';

// The browser's language is German (navigator.languages, Accept-Language).
test.use({ locale: 'de-DE' });

const ANSWER = 'An answer, exactly as the model wrote it: Bonjour, Welt!';

/** The strings chunks of other languages than English: `ru-<hash>.js` (first screen), `ru-settings-<hash>.js`. */
const LOCALE_CHUNK = /^(de|el|es|fr|it|lb|pt|ru|uk|vi|zh-CN)-(?:([a-zA-Z]+)-)?[\w-]{8}\.js$/;

test('a German browser opens Parley in German; Russian chosen in Settings shows at once, stays after a reload and counts in Russian; the model answer and the chat title stay as written', async ({
  page,
}) => {
  const de = localeWords('de');
  const ru = localeWords('ru');
  const main = page.getByRole('main');
  const localeChunks: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.replace('/assets/', '');
    if (LOCALE_CHUNK.test(name)) localeChunks.push(name.replace(/-[\w-]{8}\.js$/, ''));
  });

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(main.getByRole('textbox', { name: de('chat.composer.label') })).toBeVisible();
  // A chat whose questions have 5, 3 and 1 messages after them (the delete dialog counts them).
  await seedLibrary(page, [
    {
      id: 'ch-e2e-languages',
      title: 'Trip notes, untranslated',
      updatedAt: new Date().toISOString(),
      messages: [
        'First question',
        ANSWER,
        'Second question',
        'Second answer',
        'Third question',
        'Third answer',
      ],
    },
  ]);
  await page
    .getByRole('navigation', { name: de('shell.sidebar.label') })
    .getByText('Trip notes, untranslated')
    .click();
  await expect(main.getByRole('article', { name: de('chat.roles.assistant') }).first()).toContainText(ANSWER);

  // Only German was fetched (its first-screen part, and the groups of the screens opened so far).
  expect(localeChunks).toContain('de');
  expect(localeChunks.filter((chunk) => !chunk.startsWith('de'))).toEqual([]);

  // Settings → General → Language: Русский. The words change in place: the same document, no reload.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page
    .getByRole('banner')
    .getByRole('button', { name: de('shell.topBar.settings'), exact: true })
    .click();
  const german = page.getByRole('dialog', { name: de('settings.title') });
  await german.getByRole('tab', { name: de('settings.sections.general') }).click();
  const select = german.getByLabel(de('settings.general.language'));
  await expect(select.getByRole('option', { name: 'Русский' })).toHaveAttribute('lang', 'ru');
  await select.selectOption('ru');
  const russian = page.getByRole('dialog', { name: ru('settings.title') });
  await expect(russian.getByRole('tab', { name: ru('settings.sections.general') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  // Russian's first-screen part and its Settings group came with the switch; no other language.
  expect(localeChunks).toEqual(expect.arrayContaining(['ru', 'ru-settings']));
  expect(localeChunks.filter((chunk) => !/^(de|ru)(-|$)/.test(chunk))).toEqual([]);
  await keepScreenshot(page, 'languages-settings-ru');
  await page.keyboard.press('Escape');
  await expect(russian).toBeHidden();

  // The app's words are Russian; the model's answer and the chat's title are as they were written.
  const answers = main.getByRole('article', { name: ru('chat.roles.assistant') });
  await expect(answers.first()).toContainText(ANSWER);
  await expect(page.getByRole('navigation', { name: ru('shell.sidebar.label') })).toContainText(
    'Trip notes, untranslated',
  );

  // Russian plurals: 5 -> many, 3 -> few, 1 -> one (three different forms).
  const forms = [5, 3, 1].map((count) => ru('chat.deleteMessage.bodyBranch', { count }));
  expect(new Set(forms).size).toBe(3);
  const questions = main.getByRole('article', { name: ru('chat.roles.user') });
  for (const [index, text] of forms.entries()) {
    await questions.nth(index).hover();
    await questions
      .nth(index)
      .getByRole('toolbar', { name: ru('chat.message.actionsLabel') })
      .getByRole('button', { name: ru('chat.message.delete'), exact: true })
      .click();
    const dialog = page.getByRole('alertdialog', { name: ru('chat.deleteMessage.title') });
    await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: ru('common.cancel') }).click();
    await expect(dialog).toBeHidden();
  }

  // The choice is a stored (synced) setting: a reload opens in Russian, though the browser is German.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(main.getByRole('textbox', { name: ru('chat.composer.label') })).toBeVisible();
  await expect(answers.first()).toContainText(ANSWER);
});
