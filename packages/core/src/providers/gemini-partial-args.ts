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

/**
 * One call's arguments past either limit are refused whole: values set, and characters received
 * (paths and values) or of the assembled JSON. Far beyond any real call; a runaway stream's
 * arguments would otherwise be stored and synced.
 */
export const MAX_ARGUMENT_VALUES = 100_000;
export const MAX_ARGUMENT_CHARS = 1_000_000;

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
    // Vertex fills arrays in order: an index past the end would leave holes (ST22).
    if (typeof key !== 'number' || key > parent.length) return false;
    parent[key] = value;
    return true;
  }
  if (typeof key !== 'string') return false;
  parent[key] = value;
  return true;
}

/**
 * True when every array index on the path is at most the length of its array (the index of a new
 * array is 0) and every key fits its container; checked before anything is created.
 */
function pathFits(root: JsonRecord, segments: readonly PathSegment[]): boolean {
  let node: unknown = root;
  for (const key of segments) {
    if (Array.isArray(node)) {
      if (typeof key !== 'number' || key > node.length) return false;
      node = node[key];
    } else if (isRecord(node)) {
      if (typeof key !== 'string') return false;
      node = node[key];
    } else {
      // A container made here is an array for an index, so only index 0 fits it.
      if (typeof key === 'number' && key !== 0) return false;
      node = undefined;
    }
  }
  return true;
}

/** Builds one call's arguments object from its partialArgs entries, in order of arrival. */
export class PartialArgsBuilder {
  readonly args: JsonRecord = {};
  /** Paths whose last string entry said willContinue: the next string entry appends to it. */
  private readonly openStrings = new Set<string>();
  private values = 0;
  private chars = 0;
  private oversized = false;

  apply(entries: readonly unknown[]): void {
    for (const entry of entries) if (isRecord(entry) && !this.oversized) this.entry(entry);
  }

  /** The arguments as JSON text; undefined once they passed a limit (too large to keep). */
  json(): string | undefined {
    if (this.oversized) return undefined;
    const raw = JSON.stringify(this.args);
    return raw.length > MAX_ARGUMENT_CHARS ? undefined : raw;
  }

  private entry(entry: JsonRecord): void {
    const path = stringField(entry.jsonPath);
    const segments = path === undefined ? undefined : parseJsonPath(path);
    const value = entryValue(entry);
    // A malformed entry (bad path, no value, an index past an array's end) changes nothing.
    if (!path || !segments || value === undefined || !pathFits(this.args, segments)) return;
    this.values += 1;
    this.chars += path.length + JSON.stringify(value).length;
    if (this.values > MAX_ARGUMENT_VALUES || this.chars > MAX_ARGUMENT_CHARS) {
      this.oversized = true;
      return;
    }
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
