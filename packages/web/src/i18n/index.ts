import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstScreen, groupLoaders } from 'virtual:parley-strings';
import { retryingImport } from '../lib/retrying-import';
import { stringGroupNames, type StringGroup } from './string-groups';

export { STRING_GROUPS, type StringGroup } from './string-groups';

export const DEFAULT_LANGUAGE = 'en';

/**
 * English: the first screen's strings ship in the main bundle; the strings of lazily loaded screens
 * are cut from the same en.json into one chunk per group (string-groups.ts, decision 0060) and
 * added by `withStrings` before those screens render.
 * Every other locales/<lng>.json becomes its own chunk that `loadLanguage` fetches on demand (add the
 * file, nothing else to register).
 */
const lazyLocales = import.meta.glob<Record<string, unknown>>(['./locales/*.json', '!./locales/en.json'], {
  import: 'default',
});

type Strings = Record<string, unknown>;

/** The groups fetched so far (each once), and the instances they are added to. */
const groupsLoading = new Map<StringGroup, Promise<void>>();
const groupsLoaded = new Map<StringGroup, Strings>();
const instances = new Set<i18n>();

function addGroup(instance: i18n, strings: Strings) {
  instance.addResourceBundle(DEFAULT_LANGUAGE, 'translation', strings, true, true);
}

export function availableLanguages(): string[] {
  const lazy = Object.keys(lazyLocales).map((file) => file.replace('./locales/', '').replace('.json', ''));
  return [DEFAULT_LANGUAGE, ...lazy];
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
  for (const strings of groupsLoaded.values()) addGroup(instance, strings);
  instances.add(instance);
  if (language !== DEFAULT_LANGUAGE) void loadLanguage(instance, language);
  return instance;
}

/** Fetches a group of lazy English strings (once; again after a failure) into every instance. */
export function loadStrings(group: StringGroup): Promise<void> {
  let loading = groupsLoading.get(group);
  if (!loading) {
    loading = retryingImport(groupLoaders[group]!).then(
      ({ default: strings }) => {
        groupsLoaded.set(group, strings);
        for (const instance of instances) addGroup(instance, strings);
      },
      (error: unknown) => {
        groupsLoading.delete(group);
        throw error;
      },
    );
    groupsLoading.set(group, loading);
  }
  return loading;
}

/**
 * A lazy screen's loader that also brings the strings it shows: resolves with the module once both
 * the code and the strings are in, so the screen never renders a raw key.
 *
 *   const AgentsScreen = lazy(() => withStrings('agents', () => retryingImport(() => import('./AgentsScreen'))));
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

/** Fetches a locale chunk (once) and switches to it; unknown languages stay on English. */
export async function loadLanguage(instance: i18n, language: string): Promise<void> {
  const load = lazyLocales[`./locales/${language}.json`];
  if (!load) return;
  if (!instance.hasResourceBundle(language, 'translation')) {
    instance.addResourceBundle(language, 'translation', await load());
  }
  await instance.changeLanguage(language);
}
