/**
 * The app's language for a browser's list of preferred languages (`navigator.languages`, best
 * first; decision 0085). For each preferred language in turn: the same tag, else a language of the
 * same language and script (likely subtags, `Intl.Locale#maximize`): `de-AT` -> `de`, `pt-BR` ->
 * `pt`, `zh`, `zh-Hans` and `zh-SG` -> `zh-CN` (all Simplified), but not `zh-TW` (Traditional).
 * When none matches, English.
 */
export function matchLanguage(
  preferred: readonly string[],
  available: readonly string[],
  fallback = 'en',
): string {
  const keyed = available.map((language) => ({ language, key: languageAndScript(language) }));
  for (const tag of preferred) {
    const exact = available.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const key = languageAndScript(tag);
    const close = key && keyed.find((entry) => entry.key === key);
    if (close) return close.language;
  }
  return fallback;
}

function languageAndScript(tag: string): string | undefined {
  try {
    const locale = new Intl.Locale(tag).maximize();
    return `${locale.language}-${locale.script ?? ''}`;
  } catch {
    return undefined; // not a language tag
  }
}
