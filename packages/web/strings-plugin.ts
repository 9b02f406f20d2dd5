import type { Plugin } from 'vite';
import en from './src/i18n/locales/en.json' with { type: 'json' };
import { splitStrings, stringGroupNames, unknownEntries } from './src/i18n/string-groups';

/**
 * Cuts en.json along src/i18n/string-groups.ts (decision 0060) into virtual modules:
 *
 * - `virtual:parley-strings`: the first screen's strings, plus one `import()` per group, so each
 *   group becomes a chunk of its own that the bundler hashes and the app fetches on demand;
 * - `virtual:parley-strings/<group>`: that group's strings.
 *
 * en.json is imported here, so a change to it restarts the dev server (Vite watches the config's
 * imports) and every build cuts the current file.
 */
const ID = 'virtual:parley-strings';
const RESOLVED = `\0${ID}`;

export function stringsPlugin(): Plugin {
  const unknown = unknownEntries(en);
  if (unknown.length)
    throw new Error(`string-groups.ts names keys that en.json lacks: ${unknown.join(', ')}`);
  const { firstScreen, groups } = splitStrings(en);
  return {
    name: 'parley-strings',
    resolveId(id) {
      if (id === ID || id.startsWith(`${ID}/`)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === RESOLVED) {
        const loaders = stringGroupNames.map((group) => `  ${group}: () => import('${ID}/${group}'),`);
        return [
          `export const firstScreen = ${JSON.stringify(firstScreen)};`,
          `export const groupLoaders = {\n${loaders.join('\n')}\n};`,
        ].join('\n');
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const group = id.slice(RESOLVED.length + 1) as keyof typeof groups;
        if (!(group in groups)) return undefined;
        return `export default ${JSON.stringify(groups[group])};`;
      }
      return undefined;
    },
  };
}
