import type { Context } from 'hono';
import { z } from 'zod';
import { HttpError } from './errors';
import { findBrokenJsonBound, SMALL_JSON_BOUNDS, type JsonBounds } from './json-bounds';

/** `application/json`, with or without parameters such as charset (JB1). */
export function isJsonContentType(value: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(value ?? '');
}

/**
 * Reads an untrusted JSON request body (rules JB1-JB3 in SPEC.md): only `application/json` (415
 * otherwise), its bounds checked on the raw text before parsing (400 for depth, 413 for sizes),
 * then parsed and validated by the schema (400 `bad_request:body` naming the first problem; the
 * protocol's item lists stop at their first bad item, so a body of invalid items costs no more
 * than one). Shared by the license, auth, sync and report routes.
 */
export async function readJsonBody<Schema extends z.core.$ZodType>(
  c: Context,
  schema: Schema,
  bounds: JsonBounds = SMALL_JSON_BOUNDS,
): Promise<z.output<Schema>> {
  if (!isJsonContentType(c.req.header('content-type')))
    throw new HttpError('unsupported_media_type:body', 'The request body must be application/json.');
  const text = await c.req.text();
  const broken = findBrokenJsonBound(text, bounds);
  if (broken) {
    const code = broken.bound === 'maxDepth' ? 'bad_request:body' : 'payload_too_large:body';
    throw new HttpError(code, `The request body is refused: ${broken.message}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError('bad_request:body', 'The request body is not valid JSON.');
  }
  // Full zod and zod/mini schemas alike (core's entities are zod/mini, decision 0097).
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError('bad_request:body', `Invalid request body. ${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
