import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError } from './errors';

/**
 * Parses a JSON request body with a schema; malformed JSON or a body that breaks the schema is a
 * 400 `bad_request:body` naming the first problem. Shared by the license, auth and sync routes.
 */
export async function readJsonBody<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  let value: unknown;
  try {
    value = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError('bad_request:body', 'The request body is not valid JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    throw new HttpError('bad_request:body', `Invalid request body. ${where}${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
