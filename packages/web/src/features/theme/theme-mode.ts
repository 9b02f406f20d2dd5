import { localPref, type LocalPref } from '../../lib/local-pref';

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key; index.html's pre-paint script reads the same key (keep them in step). */
export const THEME_MODE_KEY = 'TM_themeMode';
export const DEFAULT_THEME_MODE: ThemeMode = 'system';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** 'system' follows the operating system; the others are fixed. */
export function resolveTheme(mode: ThemeMode, systemPrefersDark: boolean): ResolvedTheme {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}

export function themeModePref(): LocalPref<ThemeMode> {
  return localPref(THEME_MODE_KEY, (value) => (isThemeMode(value) ? value : undefined), DEFAULT_THEME_MODE);
}
