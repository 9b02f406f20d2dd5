import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/i18n';
import {
  groupOfKey,
  groupsUnderPrefix,
  splitStrings,
  STRING_GROUPS,
  unknownEntries,
} from '../../src/i18n/string-groups';
import en from '../../src/i18n/locales/en.json';
import { keysNotLoadedInTime, walkModules, type SourceFiles } from './string-scan';

/**
 * The strings of lazy screens load with those screens (decision 0060). This walks the app's imports
 * from main.tsx and fails when a module names a key whose group is not loaded before it runs: a
 * first-screen component using a lazy group's key, or a lazy part loaded without `withStrings`.
 */
const raw = import.meta.glob<string>(['../../src/**/*.{ts,tsx}', '!../../src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// The table itself names keys without using them.
const sources: SourceFiles = Object.fromEntries(
  Object.entries(raw)
    .map(([path, text]) => [path.replace('../../src/', ''), text])
    .filter(([path]) => path !== 'i18n/string-groups.ts'),
);

const namespaces = new Set(Object.keys(en));
/** 'agents.form.name', or a template literal's head such as 'license.plans.'. */
const looksLikeKey = (value: string) => {
  const match = /^([a-zA-Z]+)\.([a-zA-Z]|$)/.exec(value);
  return match !== null && namespaces.has(match[1]!);
};
const groupsOfKey = (key: string): string[] => {
  if (key.endsWith('.')) return groupsUnderPrefix(key);
  const group = groupOfKey(key);
  return group ? [group] : [];
};

function leaves(node: unknown, path: string[] = []): string[] {
  if (typeof node === 'string') return [path.join('.')];
  return Object.entries(node as object).flatMap(([key, value]) => leaves(value, [...path, key]));
}

describe('string groups: lazy screens bring their strings', () => {
  const graph = walkModules(sources, 'main.tsx', looksLikeKey);

  it('walks the app from main.tsx: the shell is first-screen code, the lazy screens are not', () => {
    expect(graph.firstScreen).toContain('features/shell/Sidebar.tsx');
    expect(graph.firstScreen).toContain('features/agents/AgentsDialogHost.tsx');
    expect(graph.reached.has('features/agents/AgentsScreen.tsx')).toBe(true);
    expect(graph.firstScreen).not.toContain('features/agents/AgentsScreen.tsx');
    expect(graph.firstScreen).not.toContain('features/data/DataSection.tsx');
    // Reached through app/SettingsDialogHost's withStrings(['settings', ...]).
    expect(graph.reached.get('features/data/DataSection.tsx')).toEqual([['modelPicker', 'settings']]);
  });

  it('every module uses only keys loaded before it runs', () => {
    const problems = keysNotLoadedInTime(graph, groupsOfKey);
    expect(problems.map(({ file, key, loadedGroups }) => `${file}: ${key} [${loadedGroups.join()}]`)).toEqual(
      [],
    );
  });

  it('names only keys en.json has', () => {
    expect(unknownEntries(en)).toEqual([]);
  });

  it('cuts en.json into parts that hold every key exactly once', () => {
    const { firstScreen, groups } = splitStrings(en);
    const parts = [leaves(firstScreen), ...Object.values(groups).map((part) => leaves(part))];
    expect(parts.flat().sort()).toEqual(leaves(en).sort());
    expect(leaves(groups.agents)).toContain('agents.form.name');
    expect(leaves(firstScreen)).toContain('agents.title');
    expect(leaves(groups.settings)).toContain('data.recover.title');
    expect(leaves(firstScreen)).toContain('data.notices.damaged');
    for (const group of Object.keys(STRING_GROUPS))
      expect(leaves(groups[group as keyof typeof groups])).not.toEqual([]);
  });

  it('keeps plural forms with their key', () => {
    expect(groupOfKey('modelPicker.count_one')).toBe('modelPicker');
    expect(groupOfKey('modelPicker.label')).toBeUndefined();
  });

  it('unit tests render with every string', () => {
    const t = createI18n().t;
    expect(t('agents.form.name')).toBe(en.agents.form.name);
    expect(t('data.recover.title')).toBe(en.data.recover.title);
  });
});

describe('the walk catches a key used too early', () => {
  const looks = (value: string) => /^(first|lazy)\.[a-z]/.test(value);
  const groupsOf = (key: string) => (key.startsWith('lazy.') ? ['lazy'] : []);
  const app = (hostLoader: string, shellText = "t('first.title')"): SourceFiles => ({
    'main.tsx': "import { Shell } from './features/shell';\nShell();",
    'features/shell/index.ts': "export { Shell } from './Shell';\nexport { Unused } from './Unused';",
    'features/shell/Shell.tsx': `import { Host } from '../screen/Host';\nexport const Shell = () => ${shellText};`,
    'features/shell/Unused.tsx': "export const Unused = () => t('lazy.title');",
    'features/screen/Host.tsx': `export const load = () => ${hostLoader};`,
    'features/screen/Screen.tsx': "import { Row } from './Row';\nexport default () => t('lazy.title');",
    'features/screen/Row.tsx': 'export const Row = () => t(`lazy.rows.${kind}`);',
  });

  it('accepts a lazy screen loaded with its strings, and ignores what a door exports but nobody uses', () => {
    const graph = walkModules(app("withStrings('lazy', () => import('./Screen'))"), 'main.tsx', looks);
    expect(keysNotLoadedInTime(graph, groupsOf)).toEqual([]);
    expect(graph.firstScreen).not.toContain('features/shell/Unused.tsx');
  });

  it('accepts a lazy part declared with its strings (lazyPart)', () => {
    const graph = walkModules(
      app("lazyPart(() => import('./Screen'), { strings: 'lazy' })"),
      'main.tsx',
      looks,
    );
    expect(keysNotLoadedInTime(graph, groupsOf)).toEqual([]);
    const without = walkModules(
      app("lazyPart(() => import('./Screen'), { background: true })"),
      'main.tsx',
      looks,
    );
    expect(keysNotLoadedInTime(without, groupsOf).map((problem) => problem.key)).toEqual([
      'lazy.title',
      'lazy.rows.',
    ]);
  });

  it('fails a lazy screen loaded without its strings', () => {
    const graph = walkModules(app("import('./Screen')"), 'main.tsx', looks);
    expect(keysNotLoadedInTime(graph, groupsOf).map((problem) => problem.key)).toEqual([
      'lazy.title',
      'lazy.rows.',
    ]);
  });

  it('fails a first-screen component that uses a lazy group', () => {
    const graph = walkModules(
      app("withStrings('lazy', () => import('./Screen'))", "t('lazy.title')"),
      'main.tsx',
      looks,
    );
    expect(keysNotLoadedInTime(graph, groupsOf)).toEqual([
      { file: 'features/shell/Shell.tsx', key: 'lazy.title', loadedGroups: [] },
    ]);
  });
});
