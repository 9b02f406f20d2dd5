import ts from 'typescript';

/**
 * The translation check (decision 0084): every locale file against en.json, and the keys the code
 * names against en.json. Each problem names the file, the key and what is wrong, so a translator
 * can fix it without reading code.
 */
export type LocaleProblem = { file: string; key: string; problem: string };

type Tree = { [key: string]: unknown };

const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^,}\s]+)[^}]*\}\}/g;

export function formatProblem({ file, key, problem }: LocaleProblem): string {
  return `${file}: ${key || '(file)'}: ${problem}`;
}

/** Every leaf as [dotted key, value]; objects nest, anything else is a leaf. */
export function leaves(node: unknown, path: string[] = []): Array<[string, unknown]> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node))
    return Object.entries(node as Tree).flatMap(([key, value]) => leaves(value, [...path, key]));
  return [[path.join('.'), node]];
}

function placeholders(text: string): Set<string> {
  return new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]!));
}

/** The plural categories a language needs (i18next v4 suffixes follow Intl.PluralRules). */
export function pluralCategories(language: string): string[] {
  return new Intl.PluralRules(language).resolvedOptions().pluralCategories;
}

/**
 * A category that only ever means 1 (or 0 and 1, as French "one") may leave out {{count}}: "Un
 * fichier" is fine where Russian "one", which also means 21, 31..., needs it ("21 файл").
 */
function categoryIsOneOrNone(language: string, category: string): boolean {
  const rules = new Intl.PluralRules(language);
  for (let n = 2; n <= 1000; n++) if (rules.select(n) === category) return false;
  return true;
}

type Source = { plain: Map<string, string>; plurals: Map<string, Map<string, string>> };

/** en.json's keys: plain ones, and plural ones by base key (`a.count` from `a.count_one`, `a.count_other`). */
function readSource(en: Tree): Source {
  const all = new Map(leaves(en).map(([key, value]) => [key, String(value)]));
  const plurals = new Map<string, Map<string, string>>();
  for (const [key, value] of all) {
    const match = PLURAL.exec(key);
    if (!match || !all.has(`${match[1]}_other`)) continue;
    const forms = plurals.get(match[1]!) ?? new Map<string, string>();
    forms.set(match[2]!, value);
    plurals.set(match[1]!, forms);
  }
  const plain = new Map([...all].filter(([key]) => !plurals.has(key.replace(PLURAL, '$1'))));
  return { plain, plurals };
}

/** Problems of one locale file (its text, so invalid JSON is reported too) against en.json. */
export function checkLocale(file: string, language: string, text: string, en: Tree): LocaleProblem[] {
  const problems: LocaleProblem[] = [];
  const report = (key: string, problem: string) => problems.push({ file, key, problem });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    report('', `invalid JSON: ${(error as Error).message}`);
    return problems;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    report('', 'not a JSON object of strings');
    return problems;
  }
  let categories: string[];
  try {
    categories = pluralCategories(language);
  } catch {
    report(
      '',
      `"${language}" is not a language tag (name the file <language>.json, e.g. de.json, zh-CN.json)`,
    );
    return problems;
  }
  const source = readSource(en);
  const translated = new Map<string, string>();
  for (const [key, value] of leaves(parsed)) {
    if (typeof value !== 'string')
      report(key, `not a string (${Array.isArray(value) ? 'array' : typeof value})`);
    else if (value.trim() === '') report(key, 'empty translation');
    else translated.set(key, value);
  }
  const known = new Set(leaves(parsed).map(([key]) => key));

  const comparePlaceholders = (key: string, english: string[], text: string, countOptional: boolean) => {
    const wanted = new Set(english.flatMap((form) => [...placeholders(form)]));
    const found = placeholders(text);
    for (const name of wanted)
      if (!found.has(name) && !(name === 'count' && countOptional))
        report(key, `placeholder {{${name}}} missing`);
    for (const name of found)
      if (!wanted.has(name)) report(key, `placeholder {{${name}}} added (English has none)`);
  };

  for (const [key, english] of source.plain) {
    if (!known.has(key)) report(key, 'missing');
    else if (translated.has(key)) comparePlaceholders(key, [english], translated.get(key)!, false);
  }
  for (const [base, forms] of source.plurals) {
    // i18next uses a `_zero` form for 0 in every language when there is one: English's asks for it.
    const needed = forms.has('zero') && !categories.includes('zero') ? [...categories, 'zero'] : categories;
    for (const category of needed) {
      const key = `${base}_${category}`;
      if (!known.has(key)) report(key, `plural form missing (${language} needs ${needed.join(', ')})`);
      else if (translated.has(key))
        comparePlaceholders(
          key,
          [...forms.values()],
          translated.get(key)!,
          category === 'zero' || categoryIsOneOrNone(language, category),
        );
    }
  }
  for (const key of known) {
    if (source.plain.has(key)) continue;
    const match = PLURAL.exec(key);
    if (match && source.plurals.has(match[1]!)) {
      if (
        !categories.includes(match[2]!) &&
        !(match[2] === 'zero' && source.plurals.get(match[1]!)!.has('zero'))
      )
        report(key, `plural form ${language} does not use (it uses ${categories.join(', ')})`);
      continue;
    }
    report(
      key,
      source.plurals.has(key) ? 'a plural key without its plural forms' : 'extra key (not in en.json)',
    );
  }
  return problems;
}

/**
 * Keys the code names that en.json lacks. Static `t('a.b')` calls are typed already (tsc); this
 * catches the rest: a key in a plain string (`const key = 'a.b'`, a table of keys) must name a key,
 * a plural key's base or a subtree of en.json, and a template literal (`a.${kind}.title`) must
 * match at least one key of en.json.
 */
export function keysMissingFromSource(sources: Record<string, string>, en: Tree): LocaleProblem[] {
  const keys = leaves(en).map(([key]) => key);
  const named = new Set<string>();
  for (const key of keys) {
    const parts = key.replace(PLURAL, '$1').split('.');
    for (let i = 1; i <= parts.length; i++) named.add(parts.slice(0, i).join('.'));
  }
  const namespaces = new Set(Object.keys(en));
  /** 'agents.form.name'; a template's head may end at a dot ('license.plans.'). */
  const looksLikeKey = (value: string, head = false) => {
    const match = (head ? /^([a-zA-Z]+)\.([a-zA-Z]|$)/ : /^([a-zA-Z]+)\.[a-zA-Z]/).exec(value);
    return match !== null && namespaces.has(match[1]!) && !/\s/.test(value);
  };
  const problems: LocaleProblem[] = [];
  for (const [file, text] of Object.entries(sources)) {
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteralLike(node) && !ts.isTemplateLiteral(node.parent) && looksLikeKey(node.text)) {
        if (!isModuleSpecifier(node) && !named.has(node.text))
          problems.push({ file, key: node.text, problem: 'used in code, absent from en.json' });
      } else if (ts.isTemplateExpression(node) && looksLikeKey(node.head.text, true)) {
        const pattern = templatePattern(node);
        if (!keys.some((key) => pattern.test(key) || pattern.test(key.replace(PLURAL, '$1'))))
          problems.push({
            file,
            key: templateText(node),
            problem: 'no key of en.json matches this template',
          });
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  return problems;
}

function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `a.${x}.title` -> /^a\.[^.]+\.title$/ (a substitution stands for one or more key segments). */
function templatePattern(node: ts.TemplateExpression): RegExp {
  const parts = [
    escape(node.head.text),
    ...node.templateSpans.map((span) => `.+?${escape(span.literal.text)}`),
  ];
  return new RegExp(`^${parts.join('')}$`);
}

function templateText(node: ts.TemplateExpression): string {
  return node.head.text + node.templateSpans.map((span) => `\${…}${span.literal.text}`).join('');
}
