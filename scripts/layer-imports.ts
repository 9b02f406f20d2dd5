/**
 * The imports between the layers below the web app's features and between core's modules, and the
 * ones that go past a door (decision 0089). Usage: node --import tsx scripts/layer-imports.ts
 * prints the counts; the functions are what the lint probes and core's cycle test use.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.tsx?$/;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

export type Import = { from: string; to: string; specifier: string };

/** Every .ts/.tsx file under `dir` (absolute paths). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The file a relative specifier names, or null for a package or a file that is not there. */
function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, ...EXTENSIONS.map((ending) => base + ending)])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The relative imports of the files under `dir`: static, re-exports, `import()` and type-only. */
export function relativeImports(dir: string): Import[] {
  const imports: Import[] = [];
  for (const from of sourceFiles(dir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(from, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      const to = resolveRelative(from, specifier);
      if (to) imports.push({ from, to, specifier });
    }
  }
  return imports;
}

/** The first folder of `file` below `root` ('' for a file directly in it). */
export function topFolder(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length > 1 ? (parts[0] ?? '') : '';
}

/** Whether `file` is a door: an index.ts of its folder. */
export const isDoor = (file: string) => /\/index\.tsx?$/.test(file);

/** Core: the imports from one module (top folder of packages/core/src) into another. */
export function coreModuleImports(src = path.join(repoRoot, 'packages/core/src')): Import[] {
  return relativeImports(src).filter((entry) => {
    const from = topFolder(src, entry.from);
    const to = topFolder(src, entry.to);
    return from !== '' && to !== '' && from !== to;
  });
}

/** Core's module graph: module -> the modules it imports. */
export function coreModuleGraph(src = path.join(repoRoot, 'packages/core/src')): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const entry of coreModuleImports(src)) {
    const from = topFolder(src, entry.from);
    const edges = graph.get(from) ?? new Set<string>();
    edges.add(topFolder(src, entry.to));
    graph.set(from, edges);
  }
  return graph;
}

/** A cycle in `graph` (first == last), or null. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const marks = new Map<string, 'visiting' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string): string[] | null => {
    if (marks.get(node) === 'done') return null;
    if (marks.get(node) === 'visiting') return [...trail.slice(trail.indexOf(node)), node];
    marks.set(node, 'visiting');
    trail.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    marks.set(node, 'done');
    return null;
  };
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** Every pair of core modules that import each other, directly. */
export function mutualPairs(graph: Map<string, Set<string>>): string[] {
  const pairs: string[] = [];
  for (const [from, edges] of graph)
    for (const to of edges) if (from < to && graph.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  return pairs.sort();
}

function countWeb() {
  const src = path.join(repoRoot, 'packages/web/src');
  const imports = relativeImports(src);
  const layer = (file: string) => topFolder(src, file);
  const into = (target: string) =>
    imports.filter((entry) => layer(entry.to) === target && layer(entry.from) !== target);
  const intoState = into('state');
  const intoAdapters = into('adapters');
  const pastDoor = (list: Import[]) => list.filter((entry) => !isDoor(entry.to));
  const wrongWay = imports.filter(
    (entry) =>
      (layer(entry.from) === 'adapters' && ['state', 'features', 'app'].includes(layer(entry.to))) ||
      (layer(entry.from) === 'state' && ['features', 'app'].includes(layer(entry.to))),
  );
  const rel = (file: string) => path.relative(src, file);
  return {
    'imports into state/': intoState.length,
    'imports into state/ past state/index.ts': pastDoor(intoState).length,
    'imports into adapters/': intoAdapters.length,
    'imports into adapters/ past a door': intoAdapters.filter((entry) => !isDoor(entry.to)).length,
    'feature files importing adapters/': new Set(
      intoAdapters.filter((entry) => layer(entry.from) === 'features').map((entry) => entry.from),
    ).size,
    'wrong-way imports (adapters -> state/features/app, state -> features/app)': wrongWay.map(
      (entry) => `${rel(entry.from)} -> ${rel(entry.to)}`,
    ),
  };
}

function countCore() {
  const src = path.join(repoRoot, 'packages/core/src');
  const imports = coreModuleImports(src);
  const graph = coreModuleGraph(src);
  return {
    'imports between core modules': imports.length,
    'imports between core modules past the door': imports.filter((entry) => !isDoor(entry.to)).length,
    'core module pairs importing each other': mutualPairs(graph),
    'a core module cycle': findCycle(graph)?.join(' -> ') ?? 'none',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [name, value] of Object.entries({ ...countWeb(), ...countCore() }))
    console.log(
      `${name}: ${Array.isArray(value) ? `${value.length}${value.map((item) => `\n  ${item}`).join('')}` : value}`,
    );
}
