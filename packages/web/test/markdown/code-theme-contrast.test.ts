// The styles as written (vitest empties CSS imports, even `?raw`); the app never imports Node.
// eslint-disable-next-line no-restricted-imports
import { readFileSync } from 'node:fs';
// eslint-disable-next-line no-restricted-imports
import path from 'node:path';
// eslint-disable-next-line no-restricted-imports
import { fileURLToPath } from 'node:url';
import githubDarkDefault from 'shiki/themes/github-dark-default.mjs';
import githubLightDefault from 'shiki/themes/github-light-default.mjs';
import { describe, expect, it } from 'vitest';
import { CODE_COLOR_REPLACEMENTS, CODE_THEMES } from '../../src/features/markdown/highlight-engine';

const CSS = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/styles/index.css'),
  'utf8',
);

/** A colour token's value in the light (`:root`) or dark (`.dark`) block of the styles. */
function token(block: ':root' | '.dark', name: string): string {
  const body = CSS.slice(CSS.indexOf(`${block} {`));
  const value = new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(body.slice(0, body.indexOf('}')))?.[1];
  if (!value) throw new Error(`no --${name} in ${block}`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('code colours', () => {
  const cases = [
    { theme: githubLightDefault, background: token(':root', 'sunken-bg') },
    { theme: githubDarkDefault, background: token('.dark', 'sunken-bg') },
  ];

  it('are the themes the highlighter loads', () => {
    expect(cases.map((entry) => entry.theme.name)).toEqual([CODE_THEMES.light, CODE_THEMES.dark]);
  });

  // WCAG 1.4.3: every colour a token can have reads at 4.5:1 on the code block (bg-sunken). A scope
  // that brings its own background (a carriage return, an ignored diff line) is drawn on that instead.
  it.each(cases)('of $theme.name read at 4.5:1 on the code block', ({ theme, background }) => {
    const replacements: Record<string, string> =
      (CODE_COLOR_REPLACEMENTS as Record<string, Record<string, string>>)[theme.name!] ?? {};
    const foregrounds = new Set([theme.colors!['editor.foreground']!.toLowerCase()]);
    for (const rule of theme.tokenColors ?? []) {
      if (rule.settings.foreground && !rule.settings.background)
        foregrounds.add(rule.settings.foreground.toLowerCase());
    }
    const unreadable = [...foregrounds]
      .map((colour) => replacements[colour] ?? colour)
      .filter((colour) => contrast(colour.slice(0, 7), background) < 4.5);
    expect(unreadable).toEqual([]);
  });
});
