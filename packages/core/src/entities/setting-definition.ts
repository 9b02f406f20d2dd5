import { z } from 'zod/mini';
import { describeZodError } from './entity-parser';
import type { SafeParseResult } from './entity-parser';

/**
 * One key of the key-value settings area: its stored key, its default and the parse its stored value
 * goes through. A stored null (or a value that fails the parse) reads as the default (spec section 4).
 */
export interface SettingDefinition<T> {
  readonly key: string;
  defaultValue(): T;
  safeParse(raw: unknown): SafeParseResult<T>;
}

export function defineSetting<T>(
  key: string,
  schema: z.core.$ZodType<T>,
  defaultValue: () => T,
): SettingDefinition<T> {
  return {
    key,
    defaultValue,
    safeParse(raw) {
      const result = z.safeParse(schema, raw);
      return result.success
        ? { success: true, data: result.data, issues: [] }
        : { success: false, issues: [{ path: key, message: describeZodError(result.error) }] };
    },
  };
}
