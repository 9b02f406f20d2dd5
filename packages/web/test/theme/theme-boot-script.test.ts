import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import indexHtml from '../../index.html?raw';
import { fakeMatchMedia } from '../support/fake-match-media';

/** The inline script in index.html that sets the theme before first paint, run as the browser would. */
function runBootScript() {
  const source = new DOMParser()
    .parseFromString(indexHtml, 'text/html')
    .getElementById('theme-boot')?.textContent;
  if (!source) throw new Error('index.html lost its #theme-boot script');
  new Function(source)();
}

const html = document.documentElement;
const originalMatchMedia = window.matchMedia;

function osPrefersDark(dark: boolean) {
  window.matchMedia = fakeMatchMedia(dark).matchMedia;
}

describe('pre-paint theme script in index.html (mirrors resolveTheme)', () => {
  beforeEach(() => {
    html.classList.remove('dark');
    localStorage.clear();
  });
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    localStorage.clear();
  });

  it('applies a saved dark mode', () => {
    osPrefersDark(false);
    localStorage.setItem('TM_themeMode', '"dark"');
    runBootScript();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
  });

  it('a saved light mode wins over a dark OS', () => {
    osPrefersDark(true);
    localStorage.setItem('TM_themeMode', '"light"');
    runBootScript();
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('with nothing saved (system) it follows the OS', () => {
    osPrefersDark(true);
    runBootScript();
    expect(html.classList.contains('dark')).toBe(true);
  });

  it('reads a bare (non-JSON) value too', () => {
    osPrefersDark(false);
    localStorage.setItem('TM_themeMode', 'dark');
    runBootScript();
    expect(html.classList.contains('dark')).toBe(true);
  });
});
