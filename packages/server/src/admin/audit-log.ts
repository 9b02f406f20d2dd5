import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** One admin action to record (AD1). */
export type AuditEvent = {
  /** The account that acted; null for the identity provider (SCIM, `scim.*`) or the server itself. */
  actorId: string | null;
  /** Dotted name, area first: `member.role`, `shared.agent.create`, `scim.user.create`, `hosted.model.update`. */
  action: string;
  /** What the action was about: a member's email, a shared agent's id, a model's name. */
  target?: string;
  /** Small facts about the change (`{ from: 'member', to: 'admin' }`); never a secret (AD2). */
  details?: Record<string, unknown>;
};

/** One row as the admin panel reads it. */
export type AuditEntry = {
  id: string;
  at: number;
  actorId: string | null;
  /** The actor's email today; null for the identity provider, the server or an account since removed. */
  actorEmail: string | null;
  action: string;
  target: string | null;
  details: Record<string, unknown> | null;
};

export type AuditPage = {
  entries: AuditEntry[];
  /** Pass back as `before` for the next (older) page; null: this was the oldest. */
  nextCursor: string | null;
};

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;

/**
 * AD2: a detail whose name says it holds a secret is never stored as given, whoever calls this
 * (a second net behind each caller's own care): its value is replaced by "[redacted]".
 */
const SECRET_NAME = /secret|password|token|api[-_]?key|private|credential/i;

function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([name, inner]) => [
      name,
      SECRET_NAME.test(name) ? '[redacted]' : redact(inner, depth + 1),
    ]),
  );
}

/** Orders rows one process writes in the same millisecond (a per-process count, safe to restart). */
let sequence = 0;

/** Time first, then this process's count, so ids of one millisecond still sort in the order written. */
function newAuditId(at: number): string {
  sequence = (sequence + 1) % 36 ** 6;
  return `${at.toString(36).padStart(9, '0')}-${sequence.toString(36).padStart(6, '0')}-${randomBytes(6).toString('hex')}`;
}

/**
 * Records one admin action (AD1). Pass the transaction when the action runs in one, so the action
 * and its record commit together. Every admin action of the server calls it (teams, SCIM, hosted).
 */
export async function recordAudit(
  db: Kysely<Database>,
  event: AuditEvent,
  clock: () => number = Date.now,
): Promise<void> {
  const at = clock();
  await db
    .insertInto('audit_log')
    .values({
      id: newAuditId(at),
      created_at: at,
      actor_id: event.actorId,
      action: event.action.slice(0, 100),
      target: event.target?.slice(0, 300) ?? null,
      details: event.details ? JSON.stringify(redact(event.details)) : null,
    })
    .execute();
}

function encodeCursor(at: number, id: string) {
  return `${at}.${id}`;
}

function decodeCursor(cursor: string): { at: number; id: string } | undefined {
  const match = /^(\d{1,16})\.([0-9a-z-]{1,64})$/.exec(cursor);
  return match ? { at: Number(match[1]), id: match[2]! } : undefined;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * AD3: the log newest first, a page at a time. `before` is the cursor of the previous page (a
 * cursor, not an offset, so rows added meanwhile do not shift the pages); `action` keeps rows
 * whose action is it or starts with it and a dot (`member` keeps `member.role`).
 */
export async function readAudit(
  db: Kysely<Database>,
  options: { before?: string | undefined; limit?: number | undefined; action?: string | undefined } = {},
): Promise<AuditPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? AUDIT_PAGE_DEFAULT), 1), AUDIT_PAGE_MAX);
  let query = db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.created_at',
      'audit_log.actor_id',
      'users.email',
      'audit_log.action',
      'audit_log.target',
      'audit_log.details',
    ]);
  const cursor = options.before ? decodeCursor(options.before) : undefined;
  if (cursor) {
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.created_at', '<', cursor.at),
        eb.and([eb('audit_log.created_at', '=', cursor.at), eb('audit_log.id', '<', cursor.id)]),
      ]),
    );
  }
  if (options.action) {
    const action = options.action;
    query = query.where((eb) =>
      eb.or([eb('audit_log.action', '=', action), eb('audit_log.action', 'like', `${action}.%`)]),
    );
  }
  const rows = await query
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: Number(row.created_at),
      actorId: row.actor_id,
      actorEmail: row.email,
      action: row.action,
      target: row.target,
      details: parseDetails(row.details),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(Number(last.created_at), last.id) : null,
  };
}
