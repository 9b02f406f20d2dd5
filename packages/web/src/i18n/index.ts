import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstScreen, groupLoaders, localeLoaders } from 'virtual:parley-strings';
import { retryingImport } from '../lib/retrying-import';
import { stringGroupNames, type StringGroup } from './string-groups';

export { STRING_GROUPS, type StringGroup } from './string-groups';
export { matchLanguage } from './language-match';
export { languageName } from './language-names';
export { formatFor, useFormat, type Format } from './format';

export const DEFAULT_LANGUAGE = 'en';

/**
 * Every language is cut the same way (decisions 0060, 0084): English's first-screen strings ship in
 * the main bundle; every other part (English's lazy groups, and each other language's first-screen
 * part and groups) is a chunk of its own, fetched when needed. `loadLanguage` fetches a language's
 * first-screen part plus the groups already loaded; `loadStrings` (through `withStrings`) fetches a
 * group in English (the fallback) and in each language in use, before the screen that needs it
 * renders. Adding a language is adding locales/<lng>.json: the build finds it.
 */
type Strings = Record<string, unknown>;

/** Each part (language + group; no group: the first-screen part) is fetched once, or again after a failure. */
const partsLoading = new Map<string, Promise<void>>();
const partsLoaded: Array<{ language: string; strings: Strings }> = [];
/** The groups asked for so far, so a language switched to later brings them too. */
const groupsWanted = new Set<StringGroup>();
/** The language each instance is on or switching to. */
const instances = new Map<i18n, string>();

function languagesInUse(): string[] {
  return [...new Set(instances.values())].filter((language) => language !== DEFAULT_LANGUAGE);
}

function add(instance: i18n, language: string, strings: Strings) {
  instance.addResourceBundle(language, 'translation', strings, true, true);
}

/** The languages there are, English first: one per locale file. */
export function availableLanguages(): string[] {
  return [DEFAULT_LANGUAGE, ...Object.keys(localeLoaders)];
}

function fetchPart(language: string, group: StringGroup | undefined): Promise<Strings> {
  if (language === DEFAULT_LANGUAGE)
    return group
      ? retryingImport(groupLoaders[group]!).then((module) => module.default)
      : Promise.resolve(firstScreen);
  // Offline, another language fails at once rather than waiting: English is there meanwhile (the
  // first screen must not wait for the network, and a lazy screen shows its English words).
  const options = { offline: 'fail' } as const;
  return retryingImport(localeLoaders[language]!, options).then((locale) =>
    group
      ? retryingImport(locale.groupLoaders[group]!, options).then((module) => module.default)
      : locale.firstScreen,
  );
}

function loadPart(language: string, group?: StringGroup): Promise<void> {
  const id = `${language}/${group ?? ''}`;
  let loading = partsLoading.get(id);
  if (!loading) {
    loading = fetchPart(language, group).then(
      (strings) => {
        partsLoaded.push({ language, strings });
        for (const instance of instances.keys()) add(instance, language, strings);
      },
      (error: unknown) => {
        partsLoading.delete(id);
        throw error;
      },
    );
    partsLoading.set(id, loading);
  }
  return loading;
}

/** Creates an initialised i18next instance (synchronously: the first screen's English is bundled). */
export function createI18n(language: string = DEFAULT_LANGUAGE): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    // A copy: addResourceBundle merges into the object it was given.
    resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(firstScreen) } },
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
    initAsync: false,
  });
  for (const part of partsLoaded) add(instance, part.language, part.strings);
  instances.set(instance, DEFAULT_LANGUAGE);
  if (language !== DEFAULT_LANGUAGE) void loadLanguage(instance, language).catch(() => undefined);
  return instance;
}

/**
 * Fetches a group of lazy strings (English and each language in use) into every instance. Only
 * English's part must arrive: without another language's part (offline) the screen shows English.
 */
export function loadStrings(group: StringGroup): Promise<void> {
  groupsWanted.add(group);
  const others = languagesInUse().map((language) => loadPart(language, group).catch(() => undefined));
  return Promise.all([loadPart(DEFAULT_LANGUAGE, group), ...others]).then(() => undefined);
}

/**
 * A lazy screen's loader that also brings the strings it shows: resolves with the module once both
 * the code and the strings are in, so the screen never renders a raw key.
 *
 *   lazyPart(() => import('./AgentsScreen'), { strings: 'agents' }) calls it (lib/lazy-part.tsx).
 */
export async function withStrings<T>(
  groups: StringGroup | StringGroup[],
  load: () => Promise<T>,
): Promise<T> {
  const wanted = typeof groups === 'string' ? [groups] : groups;
  const [module] = await Promise.all([load(), ...wanted.map(loadStrings)]);
  return module;
}

/** Every group at once: unit tests render with all strings. */
export function loadAllStrings(): Promise<void> {
  return Promise.all(stringGroupNames.map(loadStrings)).then(() => undefined);
}

/**
 * Switches an instance to a language once its first-screen part and the groups already asked for
 * are in (so nothing on screen shows a raw key or English in between). An unknown language leaves
 * the instance as it is; a failed fetch rejects and leaves it too. A later call wins over an
 * earlier one still fetching.
 */
export async function loadLanguage(instance: i18n, language: string): Promise<void> {
  if (language !== DEFAULT_LANGUAGE && !localeLoaders[language]) return;
  const before = instances.get(instance) ?? instance.language;
  instances.set(instance, language);
  try {
    if (language !== DEFAULT_LANGUAGE)
      await Promise.all([loadPart(language), ...[...groupsWanted].map((group) => loadPart(language, group))]);
  } catch (error) {
    if (instances.get(instance) === language) instances.set(instance, before);
    throw error;
  }
  // Switching to the language already shown would still make every translated component render again.
  if (instances.get(instance) === language && instance.language !== language)
    await instance.changeLanguage(language);
}
