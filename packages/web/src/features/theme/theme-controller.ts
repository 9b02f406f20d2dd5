import type { LocalPref } from '../../lib/local-pref';
import { DARK_SCHEME_QUERY, resolveTheme, type ResolvedTheme, type ThemeMode } from './theme-mode';

export type ThemeSnapshot = { mode: ThemeMode; resolved: ResolvedTheme };

export type ThemeController = {
  getSnapshot(): ThemeSnapshot;
  subscribe(listener: () => void): () => void;
  setMode(mode: ThemeMode): void;
  /** Starts following OS changes and other tabs; returns the stop function. */
  start(): () => void;
};

export type ThemeEnv = {
  /** The element that carries the `dark` class (document.documentElement). */
  root: HTMLElement;
  matchMedia: (query: string) => Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
  pref: LocalPref<ThemeMode>;
  /** Window to hear `storage` events from other tabs; omit in tests that do not need it. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

/** Owns the theme mode: persists it, applies it to <html>, and re-applies when the OS flips. */
export function createThemeController(env: ThemeEnv): ThemeController {
  const listeners = new Set<() => void>();
  const darkQuery = env.matchMedia(DARK_SCHEME_QUERY);
  let snapshot = computeSnapshot(env.pref.read());

  function computeSnapshot(mode: ThemeMode): ThemeSnapshot {
    return { mode, resolved: resolveTheme(mode, darkQuery.matches) };
  }

  function update(mode: ThemeMode) {
    const next = computeSnapshot(mode);
    applyTheme(env.root, next.resolved);
    if (next.mode === snapshot.mode && next.resolved === snapshot.resolved) return;
    snapshot = next;
    listeners.forEach((listener) => listener());
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMode(mode) {
      env.pref.write(mode);
      update(mode);
    },
    start() {
      applyTheme(env.root, snapshot.resolved);
      const onSystemChange = () => update(snapshot.mode);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === env.pref.key) update(env.pref.read());
      };
      darkQuery.addEventListener('change', onSystemChange);
      env.events?.addEventListener('storage', onStorage);
      return () => {
        darkQuery.removeEventListener('change', onSystemChange);
        env.events?.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function applyTheme(root: HTMLElement, theme: ResolvedTheme) {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
