import en from 'zod/v4/locales/en.js';
import { z } from 'zod/mini';

// zod/mini brings no error messages (full zod sets English on its first schema): the issues a
// parse reports read the same whichever of the two loaded first (decision 0097).
if (!z.config().localeError) z.config(en());

/**
 * The one parse every persisted record goes through, whether it comes from disk, an import, sync or
 * an old version of the app. It is tolerant on purpose: a field that fails its schema falls back to
 * its default and is reported as an issue, so one bad value never costs the user a whole chat.
 * Only input that cannot be a record at all (not an object, or missing a field that has no
 * default, such as an id) is rejected.
 */

export interface ParseIssue {
  /** Dotted path of the offending field (`messages.3.content`); empty for the record itself. */
  readonly path: string;
  readonly message: string;
}

export type SafeParseResult<T> =
  | { readonly success: true; readonly data: T; readonly issues: readonly ParseIssue[] }
  | { readonly success: false; readonly issues: readonly ParseIssue[] };

export type RawRecord = Record<string, unknown>;

/** One forward step of an entity's stored shape; must be idempotent (it may see already-new data). */
export interface EntityMigration {
  /** The schema version this step produces. */
  readonly toVersion: number;
  readonly description: string;
  up(raw: RawRecord): RawRecord;
}

export interface FieldContext {
  /** The whole record after migrations and normalisation (read-only use). */
  readonly record: RawRecord;
  report(path: string, message: string): void;
}

type Output<Shape extends z.core.$ZodShape> = z.output<z.ZodMiniObject<Shape>>;

export interface EntityDefinition<Shape extends z.core.$ZodShape> {
  readonly name: string;
  readonly version: number;
  readonly shape: Shape;
  readonly migrations?: readonly EntityMigration[];
  /** Keep fields this version does not know (data written by newer clients or plugin authors). */
  readonly keepUnknownFields: boolean;
  /** Maps aliases and legacy spellings onto current fields; runs on every parse. */
  readonly normalize?: (raw: RawRecord) => RawRecord;
  /** Element-wise parsers for fields where one bad element must not discard the rest. */
  readonly fieldParsers?: { readonly [K in keyof Shape]?: (value: unknown, ctx: FieldContext) => unknown };
  /** Cross-field fix-ups once every field is valid. */
  readonly finish?: (record: Output<Shape>, ctx: FieldContext) => Output<Shape>;
}

export interface EntityParser<T> {
  readonly name: string;
  readonly version: number;
  safeParse(input: unknown): SafeParseResult<T>;
  /** Throws EntityParseError only on unrecoverable input; recoverable problems are silently repaired. */
  parse(input: unknown): T;
}

export class EntityParseError extends Error {
  constructor(
    readonly entity: string,
    readonly issues: readonly ParseIssue[],
  ) {
    super(
      `${entity} could not be parsed: ${issues.map((i) => `${i.path || '(record)'}: ${i.message}`).join('; ')}`,
    );
    this.name = 'EntityParseError';
  }
}

export function isRawRecord(value: unknown): value is RawRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describeZodError(error: z.core.$ZodError): string {
  const first = error.issues[0];
  if (!first) return 'invalid value';
  const where = first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
  return `${first.message}${where}`;
}

function storedVersion(raw: RawRecord): number {
  const v = raw.schemaVersion;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : 1;
}

function setField(target: RawRecord, key: string, value: unknown): void {
  // JSON.parse can produce an own `__proto__` key; never let it reach a prototype.
  if (key === '__proto__' || value === undefined) return;
  target[key] = value;
}

/**
 * Fields whose values are taken as they are when `accepts` says so, without their schema's zod
 * call: a timestamp already in its canonical form, say. `accepts(value)` must only hold for values
 * the schema parses to themselves (checked for every registered field in the entity tests).
 */
const acceptedAsIs = new WeakMap<z.core.$ZodType, (value: unknown) => boolean>();

export function acceptAsIs<Schema extends z.core.$ZodType>(
  schema: Schema,
  accepts: (value: unknown) => boolean,
): Schema {
  acceptedAsIs.set(schema, accepts);
  return schema;
}

/**
 * The test for values a schema parses to themselves, for the plain shapes most fields have
 * (strings and booleans without checks, enums, their nullable, optional and defaulted forms) and
 * those registered by `acceptAsIs`; undefined for any other schema, which always runs its zod.
 */
export function asIsTestOf(schema: z.core.$ZodType): ((value: unknown) => boolean) | undefined {
  const registered = acceptedAsIs.get(schema);
  if (registered) return registered;
  const def = schema._zod.def as { type: string; checks?: unknown[]; innerType?: z.core.$ZodType };
  if (def.checks && def.checks.length > 0) return undefined;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'enum': {
      const values = (schema as z.core.$ZodEnum)._zod.values;
      return (value) => values.has(value as never);
    }
    case 'nullable': {
      const inner = def.innerType && asIsTestOf(def.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    case 'optional': {
      const inner = def.innerType && asIsTestOf(def.innerType);
      return inner && ((value) => value === undefined || inner(value));
    }
    case 'default': {
      // The default stands in for undefined only: any other value is the inner schema's.
      const inner = def.innerType && asIsTestOf(def.innerType);
      return inner && ((value) => value !== undefined && inner(value));
    }
    default:
      return undefined;
  }
}

type FieldPlan = {
  readonly key: string;
  readonly schema: z.core.$ZodType;
  readonly fieldParser: ((value: unknown, ctx: FieldContext) => unknown) | undefined;
  /** The schema turns a missing value into nothing (plain `.optional()`). */
  readonly absentMeansNothing: boolean;
  readonly asIs: ((value: unknown) => boolean) | undefined;
};

export function defineEntity<Shape extends z.core.$ZodShape>(
  definition: EntityDefinition<Shape>,
): EntityParser<Output<Shape>> {
  const migrations = [...(definition.migrations ?? [])].sort((a, b) => a.toVersion - b.toVersion);
  // Worked out once per entity, not per record: a chat's parse runs this loop for every message.
  // A record that lacks a field whose schema turns a missing value into nothing needs no zod
  // call (most of a message's fields are such, mostly absent), nor does a value the field's
  // schema would give back unchanged (asIsTestOf). Any other value goes through its schema.
  const fields: FieldPlan[] = (Object.entries(definition.shape) as [string, z.core.$ZodType][])
    .filter(([key]) => key !== 'schemaVersion')
    .map(([key, schema]) => {
      const absent = z.safeParse(schema, undefined);
      return {
        key,
        schema,
        fieldParser: definition.fieldParsers?.[key as keyof Shape],
        absentMeansNothing: absent.success && absent.data === undefined,
        asIs: asIsTestOf(schema),
      };
    });

  function safeParse(input: unknown): SafeParseResult<Output<Shape>> {
    const issues: ParseIssue[] = [];
    if (!isRawRecord(input)) {
      return { success: false, issues: [{ path: '', message: `expected a ${definition.name} object` }] };
    }
    let raw: RawRecord = { ...input };
    let version = storedVersion(raw);
    for (const migration of migrations) {
      if (migration.toVersion <= version) continue;
      try {
        raw = migration.up(raw);
      } catch (error) {
        issues.push({ path: '', message: `migration "${migration.description}" failed: ${String(error)}` });
      }
      version = migration.toVersion;
    }
    if (definition.normalize) raw = definition.normalize(raw);

    const ctx: FieldContext = { record: raw, report: (path, message) => issues.push({ path, message }) };
    const out: RawRecord = {};
    for (const { key, schema, fieldParser, absentMeansNothing, asIs } of fields) {
      const value = raw[key];
      if (fieldParser) {
        setField(out, key, fieldParser(value, ctx));
        continue;
      }
      if (value === undefined && absentMeansNothing) continue;
      if (asIs?.(value)) {
        setField(out, key, value);
        continue;
      }
      const result = z.safeParse(schema, value);
      if (result.success) {
        setField(out, key, result.data);
        continue;
      }
      issues.push({ path: key, message: describeZodError(result.error) });
      const fallback = z.safeParse(schema, undefined);
      if (!fallback.success) return { success: false, issues };
      setField(out, key, fallback.data);
    }
    if (definition.keepUnknownFields) {
      for (const key of Object.keys(raw)) {
        if (!Object.hasOwn(definition.shape, key)) setField(out, key, raw[key]);
      }
    }
    out.schemaVersion = Math.max(version, definition.version);
    const record = out as Output<Shape>;
    return { success: true, data: definition.finish ? definition.finish(record, ctx) : record, issues };
  }

  return {
    name: definition.name,
    version: definition.version,
    safeParse,
    parse(input) {
      const result = safeParse(input);
      if (!result.success) throw new EntityParseError(definition.name, result.issues);
      return result.data;
    },
  };
}

/** Parses each element on its own: bad elements are dropped and reported, good ones kept. */
export function parseEachElement<T>(
  value: unknown,
  path: string,
  ctx: FieldContext,
  parseElement: (element: unknown, index: number) => SafeParseResult<T>,
): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    ctx.report(path, 'expected a list');
    return [];
  }
  const kept: T[] = [];
  value.forEach((element, index) => {
    const result = parseElement(element, index);
    for (const issue of result.issues) {
      ctx.report(issue.path ? `${path}.${index}.${issue.path}` : `${path}.${index}`, issue.message);
    }
    if (result.success) kept.push(result.data);
  });
  return kept;
}

/** Adapts a plain zod schema to the element parser shape of parseEachElement. */
export function zodElement<T>(schema: z.core.$ZodType<T>): (element: unknown) => SafeParseResult<T> {
  return (element) => {
    const result = z.safeParse(schema, element);
    return result.success
      ? { success: true, data: result.data, issues: [] }
      : { success: false, issues: [{ path: '', message: describeZodError(result.error) }] };
  };
}

/** The stored schema version every record carries after a parse. */
export const schemaVersionField = z.optional(z.number().check(z.int(), z.positive()));
