import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const DEFAULT_LANGUAGE = 'en';

/**
 * English ships in the main bundle; every other locales/<lng>.json becomes its own chunk that
 * `loadLanguage` fetches on demand (add the file, nothing else to register).
 */
const lazyLocales = import.meta.glob<Record<string, unknown>>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

export function availableLanguages(): string[] {
  const lazy = Object.keys(lazyLocales).map((file) => file.replace('./locales/', '').replace('.json', ''));
  return [DEFAULT_LANGUAGE, ...lazy];
}

/** Creates an initialised i18next instance (synchronously: English is bundled). */
export function createI18n(language: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    resources: { [DEFAULT_LANGUAGE]: { translation: en } },
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
  if (language !== DEFAULT_LANGUAGE) void loadLanguage(instance, language);
  return instance;
}

/** Fetches a locale chunk (once) and switches to it; unknown languages stay on English. */
export async function loadLanguage(instance: i18n, language: string): Promise<void> {
  const load = lazyLocales[`./locales/${language}.json`];
  if (!load) return;
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await load());
  }
  await instance.changeLanguage(language);
}
