import type { Context } from 'hono';

/** RFC 7643/7644 names. */
export const SCIM = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

export const SCIM_CONTENT_TYPE = 'application/scim+json';
/** SC3: the most resources one list answers, whatever `count` asks. */
export const SCIM_MAX_COUNT = 200;
export const SCIM_BODY_LIMIT_BYTES = 1024 * 1024;

export type ScimType =
  | 'invalidFilter'
  | 'invalidValue'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

/** An error in SCIM's own shape (RFC 7644 section 3.12), thrown by the service, answered by the routes. */
export class ScimError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413 | 415 | 500 | 501,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
    this.name = 'ScimError';
  }
}

export function scimJson(c: Context, body: unknown, status: 200 | 201 = 200) {
  return c.body(JSON.stringify(body), status, { 'Content-Type': SCIM_CONTENT_TYPE });
}

export function scimErrorResponse(c: Context, error: ScimError) {
  const body = {
    schemas: [SCIM.error],
    status: String(error.status),
    ...(error.scimType && { scimType: error.scimType }),
    detail: error.message,
  };
  return c.body(JSON.stringify(body), error.status, { 'Content-Type': SCIM_CONTENT_TYPE });
}

export type ListQuery = { startIndex: number; count: number };

/** SC3: `startIndex` is 1-based (values below 1 read as 1), `count` at most SCIM_MAX_COUNT. */
export function listQuery(c: Context): ListQuery {
  const start = Number.parseInt(c.req.query('startIndex') ?? '1', 10);
  const count = Number.parseInt(c.req.query('count') ?? String(SCIM_MAX_COUNT), 10);
  return {
    startIndex: Number.isFinite(start) && start > 0 ? start : 1,
    count: Number.isFinite(count) ? Math.min(Math.max(count, 0), SCIM_MAX_COUNT) : SCIM_MAX_COUNT,
  };
}

export function listResponse(resources: unknown[], total: number, query: ListQuery) {
  return {
    schemas: [SCIM.listResponse],
    totalResults: total,
    startIndex: query.startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** SC4: the filters identity providers send: `<attribute> eq "<value>"`, nothing else. */
export function parseEqFilter(filter: string | undefined, attributes: readonly string[]) {
  if (filter === undefined || filter.trim() === '') return undefined;
  const match = /^\s*([A-Za-z][\w.]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  const attribute = attributes.find((name) => name.toLowerCase() === match?.[1]?.toLowerCase());
  if (!match || !attribute)
    throw new ScimError(
      400,
      `Unsupported filter "${filter.slice(0, 200)}": use ${attributes.map((name) => `${name} eq "…"`).join(' or ')}.`,
      'invalidFilter',
    );
  return { attribute, value: match[2]!.replace(/\\(.)/g, '$1') };
}

/** A PATCH body (RFC 7644 3.5.2); `op` in any case (Entra sends "Replace"). */
export type PatchOperation = { op: 'add' | 'replace' | 'remove'; path: string | undefined; value: unknown };

export function parsePatch(body: unknown): PatchOperation[] {
  const operations = (body as { Operations?: unknown } | null)?.Operations;
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'A PATCH body needs an "Operations" list.', 'invalidSyntax');
  return operations.map((operation: unknown) => {
    const { op, path, value } = (operation ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
    const name = typeof op === 'string' ? op.toLowerCase() : '';
    if (name !== 'add' && name !== 'replace' && name !== 'remove')
      throw new ScimError(
        400,
        `Unknown PATCH op "${String(op)}": use add, replace or remove.`,
        'invalidSyntax',
      );
    if (path !== undefined && typeof path !== 'string')
      throw new ScimError(400, 'A PATCH path must be a string.', 'invalidPath');
    return { op: name, path: path?.trim() || undefined, value };
  });
}

/** SCIM booleans as providers send them: true/false, or the strings "True"/"False" (Entra). */
export function scimBoolean(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `"${attribute}" must be true or false.`, 'invalidValue');
}

export function isoTime(ms: number): string {
  return new Date(ms).toISOString();
}
