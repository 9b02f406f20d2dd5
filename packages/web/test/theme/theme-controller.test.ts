import { afterEach, describe, expect, it } from 'vitest';
import { localPref } from '../../src/lib/local-pref';
import { createThemeController } from '../../src/features/theme/theme-controller';
import {
  isThemeMode,
  resolveTheme,
  THEME_MODE_KEY,
  type ThemeMode,
} from '../../src/features/theme/theme-mode';
import { fakeMatchMedia } from '../support/fake-match-media';
import { memoryStorage } from '../support/memory-storage';

function setup(options: { stored?: string; osDark?: boolean } = {}) {
  const storage = memoryStorage(options.stored === undefined ? {} : { [THEME_MODE_KEY]: options.stored });
  const media = fakeMatchMedia(options.osDark ?? false);
  const root = document.createElement('html');
  const pref = localPref<ThemeMode>(
    THEME_MODE_KEY,
    (v) => (isThemeMode(v) ? v : undefined),
    'system',
    () => storage,
  );
  const controller = createThemeController({ root, matchMedia: media.matchMedia, pref, events: window });
  const stop = controller.start();
  return { storage, media, root, controller, stop };
}

let stops: Array<() => void> = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
});
function started(options?: Parameters<typeof setup>[0]) {
  const context = setup(options);
  stops.push(context.stop);
  return context;
}

describe('theme resolution', () => {
  it.each([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ] as const)('%s with OS dark=%s resolves to %s', (mode, osDark, expected) => {
    expect(resolveTheme(mode, osDark)).toBe(expected);
  });
});

describe('theme controller', () => {
  it('defaults to system and applies the OS preference to <html>', () => {
    const { root, controller } = started({ osDark: true });
    expect(controller.getSnapshot()).toEqual({ mode: 'system', resolved: 'dark' });
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
  });

  it('in system mode follows the OS live, and tells subscribers', () => {
    const { root, media, controller } = started({ osDark: false });
    let notified = 0;
    controller.subscribe(() => (notified += 1));
    media.set(true);
    expect(root.classList.contains('dark')).toBe(true);
    media.set(false);
    expect(root.classList.contains('dark')).toBe(false);
    expect(notified).toBe(2);
  });

  it('a fixed mode ignores OS changes', () => {
    const { root, media, controller } = started({ osDark: false });
    controller.setMode('light');
    media.set(true);
    expect(root.classList.contains('dark')).toBe(false);
  });

  it('persists the chosen mode under TM_themeMode and restores it', () => {
    const { storage, controller, root } = started();
    controller.setMode('dark');
    expect(storage.getItem(THEME_MODE_KEY)).toBe('"dark"');
    expect(root.classList.contains('dark')).toBe(true);

    const again = started({ stored: storage.getItem(THEME_MODE_KEY)! });
    expect(again.controller.getSnapshot().mode).toBe('dark');
  });

  it('accepts a bare stored value and ignores junk', () => {
    expect(started({ stored: 'light' }).controller.getSnapshot().mode).toBe('light');
    expect(started({ stored: '"purple"' }).controller.getSnapshot().mode).toBe('system');
    expect(started({ stored: 'null' }).controller.getSnapshot().mode).toBe('system');
  });

  it('picks up a change made in another tab', () => {
    const { storage, root } = started({ osDark: false });
    storage.setItem(THEME_MODE_KEY, '"dark"');
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_MODE_KEY }));
    expect(root.classList.contains('dark')).toBe(true);
  });

  it('stops listening to the OS when stopped', () => {
    const { media, stop } = setup();
    expect(media.listenerCount()).toBe(1);
    stop();
    expect(media.listenerCount()).toBe(0);
  });
});
