/**
 * Narrow readers for provider JSON on the hot path. Stream chunks are checked field by field with
 * these instead of a zod schema per chunk: a chunk is read once, and a field of the wrong type is
 * treated as absent (see SPEC.md ST0).
 */

export type JsonRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is JsonRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function numberField(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function recordField(value: unknown): JsonRecord | undefined {
  return isRecord(value) ? value : undefined;
}

export function arrayField(value: unknown): readonly unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** JSON.parse that returns undefined instead of throwing. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
