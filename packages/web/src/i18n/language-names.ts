/**
 * Each language by its own name, as a reader of it looks for it in a list. Browsers' own names
 * (Intl.DisplayNames) vary with their locale data (some lack Luxembourgish, and name zh-CN by its
 * country, not its script), so the shipped languages are written here; a language added later
 * without an entry still gets the browser's name for it.
 */
const OWN_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  de: 'Deutsch',
  lb: 'Lëtzebuergesch',
  fr: 'Français',
  it: 'Italiano',
  es: 'Español',
  pt: 'Português',
  vi: 'Tiếng Việt',
  ru: 'Русский',
  uk: 'Українська',
  'zh-CN': '中文（简体）',
  el: 'Ελληνικά',
};

export function languageName(language: string): string {
  const own = OWN_NAMES[language];
  if (own) return own;
  try {
    const name = new Intl.DisplayNames([language], { type: 'language' }).of(language);
    return name ? name.charAt(0).toLocaleUpperCase(language) + name.slice(1) : language;
  } catch {
    return language;
  }
}
