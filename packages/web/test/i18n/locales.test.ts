import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/locales/en.json';
import { checkLocale, formatProblem, keysMissingFromSource, pluralCategories } from './locale-check';

/**
 * The translation check (decision 0084), over every locale file present: a missing or extra key, a
 * placeholder missing or added, a plural form missing for the language, invalid JSON; and keys the
 * code names that en.json lacks. A failure lists `<file>: <key>: <problem>`, one per line.
 */
const localeTexts = import.meta.glob<string>(
  ['../../src/i18n/locales/*.json', '!../../src/i18n/locales/en.json'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);
const sources = import.meta.glob<string>(['../../src/**/*.{ts,tsx}', '!../../src/**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const fileName = (path: string) => path.replace(/^.*\//, '');

describe('translations match en.json', () => {
  for (const [path, text] of Object.entries(localeTexts)) {
    const file = fileName(path);
    it(`locales/${file}: every key, placeholder and plural form`, () => {
      const problems = checkLocale(`locales/${file}`, file.replace(/\.json$/, ''), text, en);
      expect(problems.map(formatProblem).join('\n')).toBe('');
    });
  }

  it('the code names only keys en.json has (template-literal keys too)', () => {
    const code = Object.fromEntries(
      Object.entries(sources)
        .map(([path, text]) => [path.replace('../../', ''), text] as const)
        // The string-groups table names subtrees, checked against en.json by the string-groups test.
        .filter(([path]) => path !== 'src/i18n/string-groups.ts'),
    );
    expect(keysMissingFromSource(code, en).map(formatProblem).join('\n')).toBe('');
  });
});

describe('the check finds each kind of problem', () => {
  const source = {
    title: 'Settings',
    greeting: 'Hello, {{name}}',
    files: { count_one: '{{count}} file', count_other: '{{count}} files' },
  };

  it('reports missing, extra and empty keys, placeholders and plural forms by file and key', () => {
    const russian = JSON.stringify({
      greeting: 'Привет, {{user}}',
      extra: 'Лишнее',
      files: { count_one: 'один файл', count_few: '{{count}} файла', count_other: '' },
    });
    expect(checkLocale('locales/ru.json', 'ru', russian, source).map(formatProblem)).toEqual([
      'locales/ru.json: files.count_other: empty translation',
      'locales/ru.json: title: missing',
      'locales/ru.json: greeting: placeholder {{name}} missing',
      'locales/ru.json: greeting: placeholder {{user}} added (English has none)',
      'locales/ru.json: files.count_many: plural form missing (ru needs few, many, one, other)',
      // Russian "one" also means 21, 31...: the count must show.
      'locales/ru.json: files.count_one: placeholder {{count}} missing',
      'locales/ru.json: extra: extra key (not in en.json)',
    ]);
  });

  it('accepts a complete translation, and "one" without the count where it means only 1', () => {
    const german = JSON.stringify({
      title: 'Einstellungen',
      greeting: 'Hallo, {{name}}',
      files: { count_one: 'Eine Datei', count_other: '{{count}} Dateien' },
    });
    expect(checkLocale('locales/de.json', 'de', german, source)).toEqual([]);
  });

  it('reports a plural form the language does not use, and a file that is not JSON', () => {
    const chinese = JSON.stringify({
      title: '设置',
      greeting: '你好，{{name}}',
      files: { count_one: '{{count}} 个文件', count_other: '{{count}} 个文件' },
    });
    expect(checkLocale('locales/zh-CN.json', 'zh-CN', chinese, source).map(formatProblem)).toEqual([
      'locales/zh-CN.json: files.count_one: plural form zh-CN does not use (it uses other)',
    ]);
    expect(checkLocale('locales/el.json', 'el', '{"title": "Ρυθμίσεις",}', source)[0]).toMatchObject({
      file: 'locales/el.json',
      key: '',
      problem: expect.stringMatching(/^invalid JSON/),
    });
  });

  it('reports keys in code that en.json lacks, plain or built from a template', () => {
    const code = {
      'a.ts': [
        "const key = 'title';",
        "t('files.count');", // a plural key's base: fine
        't(`files.${kind}`);', // matches files.count_*: fine
        "const missing = 'greeting.formal';",
        't(`files.${kind}.label`);',
        "import x from 'title.json';", // a module, not a key
      ].join('\n'),
    };
    expect(keysMissingFromSource(code, source).map(formatProblem)).toEqual([
      'a.ts: greeting.formal: used in code, absent from en.json',
      'a.ts: files.${…}.label: no key of en.json matches this template',
    ]);
  });

  it('plural categories come from the language (Node 20 Intl)', () => {
    expect(pluralCategories('ru').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralCategories('uk').sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(pluralCategories('zh-CN')).toEqual(['other']);
  });
});
