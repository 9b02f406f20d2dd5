import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { REPO_ROOT } from '../support/env';

type Tree = { [key: string]: string | Tree };

const LOCALES = path.join(REPO_ROOT, 'packages/web/src/i18n/locales');
const cache = new Map<string, Tree>();

function locale(language: string): Tree {
  let strings = cache.get(language);
  if (!strings) {
    strings = JSON.parse(readFileSync(path.join(LOCALES, `${language}.json`), 'utf8')) as Tree;
    cache.set(language, strings);
  }
  return strings;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/**
 * The app's words in a language, read from its locale file (English where it has none), so a story
 * finds controls by the names a reader of that language sees: `words('de')('settings.title')`. A
 * `count` picks the plural form by the language's rules, as i18next does.
 */
export function localeWords(language: string) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    let full = key;
    if (typeof values.count === 'number') {
      const zero = values.count === 0 && lookup(locale(language), `${key}_zero`) !== undefined;
      full = `${key}_${zero ? 'zero' : new Intl.PluralRules(language).select(values.count)}`;
    }
    const text = lookup(locale(language), full) ?? lookup(locale('en'), full);
    if (text === undefined) throw new Error(`no ${full} in ${language}.json or en.json`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
}

export type LocaleWords = ReturnType<typeof localeWords>;

/** Each language by its own name, as the app lists them (i18n/language-names.ts). */
export const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  de: 'Deutsch',
  el: 'Ελληνικά',
  ru: 'Русский',
  'zh-CN': '中文（简体）',
};

/** Switches the interface's language from the command palette, in the words shown now. */
export async function changeLanguageFromPalette(page: Page, from: string, to: string) {
  const t = localeWords(from);
  const palette = page.getByRole('dialog', { name: t('palette.label') });
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press('ControlOrMeta+k');
    await expect(palette.getByRole('combobox')).toBeFocused({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await palette.getByRole('combobox').fill(t('palette.commands.changeLanguage').replace('…', ''));
  await palette.getByRole('option', { name: t('palette.commands.changeLanguage') }).click();
  await palette.getByRole('option', { name: LANGUAGE_NAMES[to] ?? to }).click();
  await expect(palette).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}
