import { localPref, type LocalPref } from '../../lib/local-pref';
import { availableLanguages, matchLanguage } from '../../i18n';

/**
 * Which language the interface shows (decision 0085): the synced `language` setting when the user
 * chose one (and the deployment lets users choose: the changeUILanguage flag), else the best match
 * for the browser's languages. The last language shown is also kept on this device, so the next
 * start fetches its strings at once, before the stored settings are read.
 */
export const LANGUAGE_KEY = 'TM_language';

export function shownLanguagePref(): LocalPref<string | null> {
  return localPref(LANGUAGE_KEY, (value) => (typeof value === 'string' ? value : undefined), null);
}

/** The browser's preferred languages, best first. */
export function browserLanguages(navigator: Pick<Navigator, 'languages' | 'language'>): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function chosenLanguage(options: {
  setting: string | null;
  allowChoice: boolean;
  browser: readonly string[];
  available?: readonly string[];
}): string {
  const available = options.available ?? availableLanguages();
  if (options.allowChoice && options.setting && available.includes(options.setting)) return options.setting;
  return matchLanguage(options.browser, available);
}

/** The language to start with, before the settings are read: the last one shown, else the browser's. */
export function startLanguage(win: Pick<Window, 'navigator'>): string {
  const shown = shownLanguagePref().read();
  const available = availableLanguages();
  if (shown && available.includes(shown)) return shown;
  return matchLanguage(browserLanguages(win.navigator), available);
}
