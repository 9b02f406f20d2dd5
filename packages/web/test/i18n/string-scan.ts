import ts from 'typescript';

/**
 * A static walk of the app's module graph from src/main.tsx, for the string-groups test: which
 * translation keys each module names, and which string groups are certainly loaded by the time it
 * runs. A static import keeps the importer's groups; `import()` inside `withStrings(group, ...)`
 * or `lazyPart(..., { strings: group })` adds that group (or groups) (its strings load before the module does); any other `import()` keeps the
 * importer's groups. A module reached along several paths is checked once per path's groups.
 *
 * Like the bundler's tree-shaking, `export { X } from './x'` (a feature's index.ts) is followed only
 * when X is imported, so a first-screen import of `FeatureGate` from '../license' does not count the
 * License section as first-screen code. Everything else a module imports counts.
 */
export type SourceFiles = Record<string, string>; // path under src/ ('app/App.tsx') -> text

/** Imported names, or '*' for all of them (namespace import, `import()`). */
type Names = ReadonlySet<string> | '*';

export type ModuleFacts = {
  imports: Array<{ specifier: string; names: Names }>;
  reexports: Array<{ specifier: string; names: Map<string, string> | '*' }>; // exported -> imported
  dynamicImports: Array<{ specifier: string; groups: string[] }>;
  keys: string[];
};

/** Walks a file's syntax tree once: its imports and every string that looks like a key. */
export function moduleFacts(fileName: string, text: string, isKey: (value: string) => boolean): ModuleFacts {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const facts: ModuleFacts = { imports: [], reexports: [], dynamicImports: [], keys: [] };
  const visit = (node: ts.Node, group: string[] | undefined) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const names = importedNames(node);
      if (names) facts.imports.push({ specifier: node.moduleSpecifier.text, names });
      return;
    }
    if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly)
        facts.reexports.push({ specifier: node.moduleSpecifier.text, names: reexported(node) });
      return;
    }
    let innerGroup = group;
    if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteralLike(first)) {
        facts.dynamicImports.push({ specifier: first.text, groups: group ?? [] });
        return;
      }
      if (ts.isIdentifier(node.expression) && node.expression.text === 'withStrings' && first) {
        innerGroup = groupsNamed(first);
      }
      // lazyPart(() => import('./Screen'), { strings: 'agents' }) loads through withStrings.
      const options = node.arguments[1];
      if (ts.isIdentifier(node.expression) && node.expression.text === 'lazyPart' && options) {
        const strings = ts.isObjectLiteralExpression(options)
          ? options.properties.find(
              (property): property is ts.PropertyAssignment =>
                ts.isPropertyAssignment(property) && property.name.getText() === 'strings',
            )
          : undefined;
        if (strings) innerGroup = groupsNamed(strings.initializer);
      }
    }
    if ((ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) && isKey(node.text))
      facts.keys.push(node.text);
    ts.forEachChild(node, (child) => visit(child, innerGroup));
  };
  visit(file, undefined);
  return facts;
}

/** `withStrings('agents', ...)` or `withStrings(['settings', 'modelPicker'], ...)`. */
function groupsNamed(node: ts.Expression): string[] {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node))
    return node.elements.filter(ts.isStringLiteralLike).map((e) => e.text);
  return [];
}

/** What an import declaration takes from its module; undefined when it is erased (types only). */
function importedNames(node: ts.ImportDeclaration): Names | undefined {
  const clause = node.importClause;
  if (!clause) return new Set(); // import './side-effect': runs the module, takes nothing
  if (clause.isTypeOnly) return undefined;
  const names = new Set<string>();
  if (clause.name) names.add('default');
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return '*';
  for (const element of bindings?.elements ?? []) {
    if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
  }
  return names.size ? names : undefined;
}

function reexported(node: ts.ExportDeclaration): Map<string, string> | '*' {
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return '*';
  const names = new Map<string, string>();
  for (const element of clause.elements) {
    if (!element.isTypeOnly) names.set(element.name.text, (element.propertyName ?? element.name).text);
  }
  return names;
}

/** Resolves a relative specifier against src/ paths ('features/a/x.ts' + '../b' -> 'features/b/index.ts'). */
export function resolveModule(files: SourceFiles, from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined; // packages: no app strings
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('?')[0]!.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(
    (path) => path in files,
  );
}

export type KeyProblem = { file: string; key: string; loadedGroups: string[] };

export type ModuleGraph = {
  /** Modules the main chunk runs (reached from the entry without `import()`). */
  firstScreen: Set<string>;
  /** Every module reached, with the groups loaded before it on each path that reaches it. */
  reached: Map<string, string[][]>;
  facts: (file: string) => ModuleFacts;
};

export function walkModules(
  files: SourceFiles,
  entry: string,
  isKey: (value: string) => boolean,
): ModuleGraph {
  const cache = new Map<string, ModuleFacts>();
  const facts = (file: string) => {
    let found = cache.get(file);
    if (!found) cache.set(file, (found = moduleFacts(file, files[file]!, isKey)));
    return found;
  };
  const firstScreen = new Set<string>();
  const reached = new Map<string, string[][]>();
  const seen = new Set<string>();
  type Visit = { file: string; groups: string[]; initial: boolean; names: Names };
  const queue: Visit[] = [{ file: entry, groups: [], initial: true, names: '*' }];
  while (queue.length) {
    const { file, groups, initial, names } = queue.shift()!;
    const state = `${file}|${groups.join(',')}|${initial}|${names === '*' ? '*' : [...names].sort().join(',')}`;
    if (seen.has(state)) continue;
    seen.add(state);
    const { imports, reexports, dynamicImports, keys } = facts(file);
    const ownCode = keys.length > 0 || imports.length > 0 || dynamicImports.length > 0;
    if (ownCode || reexports.length === 0) {
      if (initial) firstScreen.add(file);
      const paths = reached.get(file) ?? [];
      if (!paths.some((known) => known.join() === groups.join())) paths.push(groups);
      reached.set(file, paths);
    }
    const follow = (specifier: string, next: Omit<Visit, 'file'>) => {
      const target = resolveModule(files, file, specifier);
      if (target) queue.push({ file: target, ...next });
    };
    for (const { specifier, names: taken } of imports) follow(specifier, { groups, initial, names: taken });
    for (const { specifier, names: exported } of reexports) {
      if (exported === '*') follow(specifier, { groups, initial, names });
      else {
        const wanted = [...exported]
          .filter(([name]) => names === '*' || names.has(name))
          .map(([, from]) => from);
        if (wanted.length) follow(specifier, { groups, initial, names: new Set(wanted) });
      }
    }
    for (const { specifier, groups: loaded } of dynamicImports) {
      const next = [...new Set([...groups, ...loaded])].sort();
      follow(specifier, { groups: next, initial: false, names: '*' });
    }
  }
  return { firstScreen, reached, facts };
}

/**
 * Every key a module names must be a first-screen key or in a group loaded before the module runs,
 * on every path that reaches it. `groupsOfKey` gives the groups a key (or a key prefix, from a
 * template literal) may need; none for a first-screen key.
 */
export function keysNotLoadedInTime(graph: ModuleGraph, groupsOfKey: (key: string) => readonly string[]) {
  const problems: KeyProblem[] = [];
  for (const [file, paths] of graph.reached) {
    for (const key of new Set(graph.facts(file).keys)) {
      const needed = groupsOfKey(key);
      for (const groups of paths) {
        if (needed.some((group) => !groups.includes(group)))
          problems.push({ file, key, loadedGroups: groups });
      }
    }
  }
  return problems;
}
