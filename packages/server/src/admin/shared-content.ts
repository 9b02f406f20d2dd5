import { randomUUID } from 'node:crypto';
import { splitAgentSecrets } from '@parley/core/agent-context';
import {
  CharacterSchema,
  PromptSchema,
  safeParseCharacter,
  safeParsePrompt,
  type ParseIssue,
} from '@parley/core/entities';
import type { OrgSharedItem, OrgSharedKind, OrgSharedResponse } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { recordAudit } from './audit-log';

export const sharedMessages = {
  notFound: 'There is no such shared item.',
  limit: 'The organisation already shares 500 items of this kind. Remove some first.',
} as const;

/** AD9: at most this many shared agents, and as many prompts. */
export const SHARED_ITEMS_MAX = 500;

const KIND_ROW: Record<OrgSharedKind, 'agent' | 'prompt'> = { agents: 'agent', prompts: 'prompt' };
const ID_PREFIX: Record<OrgSharedKind, string> = { agents: 'character-org-', prompts: 'prompt-org-' };
/** Fields the organisation decides for every member; the member's own copy keeps its own. */
const PER_MEMBER_FIELDS = ['pinned', 'lastUsedAt', 'deletedAt', 'syncedAt'] as const;

function describe(issues: readonly ParseIssue[]): string {
  const first = issues[0];
  return first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'invalid';
}

/**
 * AD8: a shared agent is a core character, a shared prompt a core prompt, parsed by the entity's own
 * parser. Anything the parser had to repair or drop is refused (400 naming the field) rather than
 * published changed; the server sets the id and times; an agent's secret header and body values are
 * emptied (never published, decision 0066 still asks each member before its endpoints are called).
 */
export function parseSharedItem(
  kind: OrgSharedKind,
  body: Record<string, unknown>,
  ids: { id: string; createdAt: string; updatedAt: string },
): Record<string, unknown> {
  const label = kind === 'agents' ? 'agent' : 'prompt';
  const invalid = (why: string) => new HttpError('bad_request:body', `This ${label} is not valid. ${why}`);
  // Published to every member: a field the app does not know is refused, not carried along.
  const known = Object.keys(kind === 'agents' ? CharacterSchema.shape : PromptSchema.shape);
  const unknown = Object.keys(body).find((field) => !known.includes(field));
  if (unknown !== undefined) throw invalid(`${unknown}: not a field of ${label}s`);
  const raw: Record<string, unknown> = { ...body, ...ids };
  for (const field of PER_MEMBER_FIELDS) delete raw[field];
  const parsed = kind === 'agents' ? safeParseCharacter(raw) : safeParsePrompt(raw);
  if (!parsed.success || parsed.issues.length > 0) throw invalid(describe(parsed.issues));
  if (typeof parsed.data.title !== 'string' || parsed.data.title.trim() === '')
    throw invalid('title: a name is required');
  if (kind === 'prompts') return parsed.data as Record<string, unknown>;
  const agent = parsed.data as Parameters<typeof splitAgentSecrets>[0];
  return splitAgentSecrets(agent, randomUUID).agent as unknown as Record<string, unknown>;
}

/** The organisation's shared agents and prompts (AD8-AD11). */
export class SharedContent {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  async list(): Promise<OrgSharedResponse> {
    const rows = await this.db
      .selectFrom('org_shared_items')
      .select(['id', 'kind', 'data', 'updated_at'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const answer: OrgSharedResponse = { agents: [], prompts: [] };
    for (const row of rows) {
      const item: OrgSharedItem = {
        id: row.id,
        item: JSON.parse(row.data) as Record<string, unknown>,
        updatedAt: new Date(Number(row.updated_at)).toISOString(),
      };
      if (row.kind === 'agent') answer.agents.push(item);
      else if (row.kind === 'prompt') answer.prompts.push(item);
    }
    return answer;
  }

  async create(actorId: string, kind: OrgSharedKind, body: Record<string, unknown>): Promise<OrgSharedItem> {
    const now = this.clock();
    const id = `${ID_PREFIX[kind]}${randomUUID()}`;
    const at = new Date(now).toISOString();
    const item = parseSharedItem(kind, body, { id, createdAt: at, updatedAt: at });
    await this.db.transaction().execute(async (trx) => {
      const count = await trx
        .selectFrom('org_shared_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', KIND_ROW[kind])
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= SHARED_ITEMS_MAX)
        throw new HttpError('conflict:shared_limit', sharedMessages.limit);
      await trx
        .insertInto('org_shared_items')
        .values({
          id,
          kind: KIND_ROW[kind],
          data: JSON.stringify(item),
          created_by: actorId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(
        trx,
        { actorId, action: `shared.${KIND_ROW[kind]}.create`, target: titleOf(item, id), details: { id } },
        this.clock,
      );
    });
    return { id, item, updatedAt: at };
  }

  async update(
    actorId: string,
    kind: OrgSharedKind,
    id: string,
    body: Record<string, unknown>,
  ): Promise<OrgSharedItem> {
    const now = this.clock();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('org_shared_items')
        .select(['data'])
        .where('id', '=', id)
        .where('kind', '=', KIND_ROW[kind])
        .executeTakeFirst();
      if (!row) throw new HttpError('not_found:shared', sharedMessages.notFound);
      const before = JSON.parse(row.data) as { createdAt?: string };
      const at = new Date(now).toISOString();
      const item = parseSharedItem(kind, body, { id, createdAt: before.createdAt ?? at, updatedAt: at });
      await trx
        .updateTable('org_shared_items')
        .set({ data: JSON.stringify(item), updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(
        trx,
        { actorId, action: `shared.${KIND_ROW[kind]}.update`, target: titleOf(item, id), details: { id } },
        this.clock,
      );
      return { id, item, updatedAt: at };
    });
  }

  async remove(actorId: string, kind: OrgSharedKind, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('org_shared_items')
        .select(['data'])
        .where('id', '=', id)
        .where('kind', '=', KIND_ROW[kind])
        .executeTakeFirst();
      if (!row) throw new HttpError('not_found:shared', sharedMessages.notFound);
      await trx.deleteFrom('org_shared_items').where('id', '=', id).execute();
      const item = JSON.parse(row.data) as Record<string, unknown>;
      await recordAudit(
        trx,
        { actorId, action: `shared.${KIND_ROW[kind]}.delete`, target: titleOf(item, id), details: { id } },
        this.clock,
      );
    });
  }
}

function titleOf(item: Record<string, unknown>, id: string): string {
  return typeof item.title === 'string' && item.title.trim() ? item.title : id;
}
