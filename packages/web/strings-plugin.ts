import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import en from './src/i18n/locales/en.json' with { type: 'json' };
import { splitStrings, stringGroupNames, unknownEntries, type StringGroup } from './src/i18n/string-groups';

/**
 * Cuts en.json and every other locales/<lng>.json along src/i18n/string-groups.ts (decisions 0060,
 * 0084) into virtual modules:
 *
 * - `virtual:parley-strings`: English's first-screen strings (in the main chunk), one `import()` per
 *   English group, and one `import()` per other language: the main chunk holds no other language's
 *   word, only the list of languages and where each one's first part is;
 * - `virtual:parley-strings/<group>`: that English group's strings;
 * - `virtual:parley-strings/locale/<lng>`: that language's first-screen strings and one `import()`
 *   per group of it, so each group of each language is a chunk of its own;
 * - `virtual:parley-strings/locale/<lng>/<lng>-<group>`: that language's strings of that group (the
 *   chunk is named after the module: `ru-settings-<hash>.js`).
 *
 * en.json is imported here, so a change to it restarts the dev server; the other locale files are
 * read (and watched) at each build, so adding a language is adding a file.
 */
const ID = 'virtual:parley-strings';
const RESOLVED = `\0${ID}`;
const LOCALE = `${RESOLVED}/locale/`;

const LOCALES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src/i18n/locales');

type Tree = { [key: string]: string | Tree };
type Parts = { firstScreen: Tree; groups: Record<StringGroup, Tree> };

/** Every locale file but English's, parsed and cut: a file that is not JSON fails the build, by name. */
export function readLocales(dir = LOCALES_DIR): Map<string, Parts> {
  const locales = new Map<string, Parts>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json') || file === 'en.json') continue;
    let strings: Tree;
    try {
      strings = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
    } catch (error) {
      throw new Error(`locales/${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
    }
    locales.set(file.slice(0, -'.json'.length), splitStrings(strings));
  }
  return locales;
}

export function stringsPlugin(): Plugin {
  const unknown = unknownEntries(en);
  if (unknown.length)
    throw new Error(`string-groups.ts names keys that en.json lacks: ${unknown.join(', ')}`);
  const english = splitStrings(en);
  let locales = new Map<string, Parts>();
  const groupLoaders = (prefix: string) =>
    `{\n${stringGroupNames.map((group) => `  ${group}: () => import('${prefix}${group}'),`).join('\n')}\n}`;
  return {
    name: 'parley-strings',
    buildStart() {
      locales = readLocales();
      for (const language of locales.keys()) this.addWatchFile(path.join(LOCALES_DIR, `${language}.json`));
    },
    watchChange(id) {
      if (id.startsWith(LOCALES_DIR)) locales = readLocales();
    },
    resolveId(id) {
      if (id === ID || id.startsWith(`${ID}/`)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED) {
        const languages = [...locales.keys()].map(
          (language) => `  ${JSON.stringify(language)}: () => import('${ID}/locale/${language}'),`,
        );
        return [
          `export const firstScreen = ${JSON.stringify(english.firstScreen)};`,
          `export const groupLoaders = ${groupLoaders(`${ID}/`)};`,
          `export const localeLoaders = {\n${languages.join('\n')}\n};`,
        ].join('\n');
      }
      if (id.startsWith(LOCALE)) {
        const [language, module] = id.slice(LOCALE.length).split('/') as [string, string | undefined];
        const parts = locales.get(language);
        if (!parts) return undefined;
        const group = module?.slice(language.length + 1);
        if (group === undefined)
          return [
            `export const firstScreen = ${JSON.stringify(parts.firstScreen)};`,
            `export const groupLoaders = ${groupLoaders(`${ID}/locale/${language}/${language}-`)};`,
          ].join('\n');
        if (!(group in parts.groups)) return undefined;
        return `export default ${JSON.stringify(parts.groups[group as StringGroup])};`;
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const group = id.slice(RESOLVED.length + 1) as StringGroup;
        if (!(group in english.groups)) return undefined;
        return `export default ${JSON.stringify(english.groups[group])};`;
      }
      return undefined;
    },
  };
}
