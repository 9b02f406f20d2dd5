import { isRecord, type JsonRecord, numberField, stringField } from './json-guards';

/**
 * Vertex AI's streamed function-call arguments (`streamFunctionCallArguments`, SPEC.md ST22): each
 * `partialArgs` entry sets one value at a JSON path (RFC 9535, e.g. `$.recipe.items[0].name`); a
 * string value whose entry says `willContinue` goes on in the next entry for the same path.
 */

type PathSegment = string | number;

/** Paths deeper or arrays longer than this are a malformed stream, not arguments. */
const MAX_DEPTH = 32;
const MAX_ARRAY_INDEX = 10_000;

const segmentPattern = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]|\["((?:[^"\\]|\\.)*)"\])/;

/** `$.a.b[0]['c d']` → ['a', 'b', 0, 'c d']; undefined when the path is not of that form. */
export function parseJsonPath(path: string): PathSegment[] | undefined {
  if (!path.startsWith('$')) return undefined;
  const segments: PathSegment[] = [];
  let rest = path.slice(1);
  while (rest !== '') {
    const match = segmentPattern.exec(rest);
    if (!match || segments.length >= MAX_DEPTH) return undefined;
    const [whole, name, index, single, double] = match;
    if (index !== undefined) {
      const n = Number(index);
      if (n > MAX_ARRAY_INDEX) return undefined;
      segments.push(n);
    } else {
      const key = name ?? (single ?? double ?? '').replace(/\\(.)/g, '$1');
      // Keys that would reach the object prototype are never arguments.
      if (key === '__proto__' || key === 'constructor' || key === 'prototype') return undefined;
      segments.push(key);
    }
    rest = rest.slice(whole.length);
  }
  return segments.length > 0 ? segments : undefined;
}

/** The value one partialArgs entry carries (undefined when it names none). */
function entryValue(entry: JsonRecord): unknown {
  if (typeof entry.stringValue === 'string') return entry.stringValue;
  const number = numberField(entry.numberValue);
  if (number !== undefined) return number;
  if (typeof entry.boolValue === 'boolean') return entry.boolValue;
  if (entry.nullValue !== undefined) return null;
  return undefined;
}

type Container = JsonRecord | unknown[];

function getChild(parent: Container, key: PathSegment): unknown {
  if (Array.isArray(parent)) return typeof key === 'number' ? parent[key] : undefined;
  return typeof key === 'string' ? parent[key] : undefined;
}

function childOf(parent: Container, key: PathSegment, next: PathSegment): Container | undefined {
  const existing = getChild(parent, key);
  if (isRecord(existing) || Array.isArray(existing)) return existing;
  const created: Container = typeof next === 'number' ? [] : {};
  return setChild(parent, key, created) ? created : undefined;
}

function setChild(parent: Container, key: PathSegment, value: unknown): boolean {
  if (Array.isArray(parent)) {
    if (typeof key !== 'number') return false;
    while (parent.length < key) parent.push(null);
    parent[key] = value;
    return true;
  }
  if (typeof key !== 'string') return false;
  parent[key] = value;
  return true;
}

/** Builds one call's arguments object from its partialArgs entries, in order of arrival. */
export class PartialArgsBuilder {
  readonly args: JsonRecord = {};
  /** Paths whose last string entry said willContinue: the next string entry appends to it. */
  private readonly openStrings = new Set<string>();

  apply(entries: readonly unknown[]): void {
    for (const entry of entries) if (isRecord(entry)) this.entry(entry);
  }

  private entry(entry: JsonRecord): void {
    const path = stringField(entry.jsonPath);
    const segments = path === undefined ? undefined : parseJsonPath(path);
    const value = entryValue(entry);
    if (!path || !segments || value === undefined) return;
    let parent: Container = this.args;
    for (let i = 0; i < segments.length - 1; i++) {
      const child = childOf(parent, segments[i] as PathSegment, segments[i + 1] as PathSegment);
      if (!child) return;
      parent = child;
    }
    const key = segments[segments.length - 1] as PathSegment;
    const current = getChild(parent, key);
    const appended =
      typeof value === 'string' && typeof current === 'string' && this.openStrings.has(path)
        ? current + value
        : value;
    setChild(parent, key, appended);
    if (typeof value === 'string' && entry.willContinue === true) this.openStrings.add(path);
    else this.openStrings.delete(path);
  }
}
