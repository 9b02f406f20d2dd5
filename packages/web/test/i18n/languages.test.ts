import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  availableLanguages,
  createI18n,
  languageName,
  loadLanguage,
  loadStrings,
  matchLanguage,
} from '../../src/i18n';
import ru from '../../src/i18n/locales/ru.json';
import de from '../../src/i18n/locales/de.json';
import { stringsPlugin } from '../../strings-plugin';

/** Languages and how they load (decisions 0084, 0085). */
describe('choosing the language from the browser', () => {
  const available = ['en', 'de', 'pt', 'zh-CN', 'ru'];

  it('takes the first preferred language there is, by tag or by language and script', () => {
    expect(matchLanguage(['de-AT', 'en'], available)).toBe('de');
    expect(matchLanguage(['pt-BR'], available)).toBe('pt');
    expect(matchLanguage(['pt-PT'], available)).toBe('pt');
    expect(matchLanguage(['zh'], available)).toBe('zh-CN');
    expect(matchLanguage(['zh-Hans'], available)).toBe('zh-CN');
    expect(matchLanguage(['zh-SG'], available)).toBe('zh-CN');
    expect(matchLanguage(['ZH-cn'], available)).toBe('zh-CN');
    expect(matchLanguage(['ja', 'ru-UA'], available)).toBe('ru');
  });

  it('falls back to English: unknown, Traditional Chinese, junk', () => {
    expect(matchLanguage(['ja', 'ko'], available)).toBe('en');
    expect(matchLanguage(['zh-TW'], available)).toBe('en');
    expect(matchLanguage(['not a tag!', ''], available)).toBe('en');
    expect(matchLanguage([], available)).toBe('en');
  });

  it('names each language in its own words', () => {
    expect(languageName('de')).toBe('Deutsch');
    expect(languageName('zh-CN')).toBe('中文（简体）');
    expect(languageName('lb')).toBe('Lëtzebuergesch');
    expect(languageName('ja')).toBe('日本語'); // none written here: the browser's name
  });
});

describe('loading a language', () => {
  it('has one language per locale file, English first', () => {
    expect(availableLanguages()[0]).toBe('en');
    expect(availableLanguages()).toEqual(expect.arrayContaining(['de', 'ru']));
  });

  it('switches with the first screen and the groups already loaded, then follows new groups', async () => {
    const i18n = createI18n();
    await loadStrings('agents'); // a lazy screen opened before the switch
    await loadLanguage(i18n, 'ru');
    expect(i18n.language).toBe('ru');
    expect(i18n.t('settings.title')).toBe(ru.settings.title);
    expect(i18n.t('agents.form.name')).toBe(ru.agents.form.name);
    await loadLanguage(i18n, 'de');
    expect(i18n.t('shell.sidebar.newChat')).toBe(de.shell.sidebar.newChat);
    await loadLanguage(i18n, 'xx'); // unknown: stays
    expect(i18n.language).toBe('de');
  });

  it("uses each language's plural rules: Russian one, few, many", async () => {
    const i18n = createI18n();
    await loadLanguage(i18n, 'ru');
    const forms = ru.organise.toasts;
    expect(i18n.t('organise.toasts.deleted', { count: 1 })).toBe(forms.deleted_one.replace('{{count}}', '1'));
    expect(i18n.t('organise.toasts.deleted', { count: 3 })).toBe(forms.deleted_few.replace('{{count}}', '3'));
    expect(i18n.t('organise.toasts.deleted', { count: 5 })).toBe(
      forms.deleted_many.replace('{{count}}', '5'),
    );
    expect(i18n.t('organise.toasts.deleted', { count: 21 })).toBe(
      forms.deleted_one.replace('{{count}}', '21'),
    );
  });
});

describe('the build cuts every language like English', () => {
  const plugin = stringsPlugin() as Plugin & {
    buildStart: (this: unknown) => void;
    load: (this: unknown, id: string) => string | undefined;
  };
  plugin.buildStart.call({ addWatchFile: () => undefined });
  const load = (id: string) => plugin.load.call({}, `\0${id}`) ?? '';

  it('the main module holds English only, and one loader per other language', () => {
    const main = load('virtual:parley-strings');
    expect(main).toContain(JSON.stringify('New chat'));
    expect(main).not.toContain(ru.shell.sidebar.newChat);
    for (const language of availableLanguages().slice(1))
      expect(main).toContain(`import('virtual:parley-strings/locale/${language}')`);
  });

  it("a language's first part holds its first-screen strings and loaders of its groups", () => {
    const first = load('virtual:parley-strings/locale/ru');
    expect(first).toContain(ru.shell.sidebar.newChat);
    expect(first).not.toContain(ru.agents.form.name);
    expect(first).toContain("import('virtual:parley-strings/locale/ru/ru-agents')");
    expect(load('virtual:parley-strings/locale/ru/ru-agents')).toContain(ru.agents.form.name);
  });
});
