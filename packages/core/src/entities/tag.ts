import { z } from 'zod/mini';
import { parseEachElement } from './entity-parser';
import type { FieldContext } from './entity-parser';

/** A chat tag: only its name is known to the spec; other fields (a colour, say) are kept. */
export const TagSchema = z.looseObject({ name: z.string().check(z.trim(), z.minLength(1)) });
export type Tag = z.infer<typeof TagSchema>;

export const TAG_SCHEMA_VERSION = 1;

/** Tags stored as plain strings by older versions become `{ name }`; duplicates (by name) are dropped. */
export function parseTags(value: unknown, path: string, ctx: FieldContext): Tag[] {
  const seen = new Set<string>();
  return parseEachElement<Tag>(value, path, ctx, (element) => {
    const candidate = typeof element === 'string' ? { name: element } : element;
    const result = TagSchema.safeParse(candidate);
    if (!result.success) return { success: false, issues: [{ path: '', message: 'a tag needs a name' }] };
    if (seen.has(result.data.name)) return { success: false, issues: [] };
    seen.add(result.data.name);
    return { success: true, data: result.data, issues: [] };
  });
}
