import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../admin/audit-log';
import type { Role } from '../auth/roles';
import { isUniqueViolation } from '../db';
import type { Database } from '../db/schema';
import {
  isoTime,
  listResponse,
  parseEqFilter,
  ScimError,
  SCIM,
  type ListQuery,
  type PatchOperation,
} from './scim-protocol';
import type { ScimSettings } from './scim-settings';

const GROUP_FILTERS = ['displayName', 'externalId', 'id'] as const;

export type ScimGroupsDeps = {
  db: Kysely<Database>;
  clock: () => number;
  settings: ScimSettings;
  baseUrl: () => string;
};

type GroupInput = { displayName: string; externalId: string | null; members: string[] };

/** SCIM Groups (SC7): membership kept as given; the two configured groups give roles. */
export class ScimGroups {
  constructor(private readonly deps: ScimGroupsDeps) {}

  private async resource(
    group: {
      id: string;
      display_name: string;
      external_id: string | null;
      created_at: number;
      updated_at: number;
    },
    withMembers: boolean,
  ) {
    const members = withMembers
      ? await this.deps.db
          .selectFrom('scim_group_members')
          .innerJoin('users', 'users.id', 'scim_group_members.user_id')
          .select(['users.id', 'users.email'])
          .where('scim_group_members.group_id', '=', group.id)
          .orderBy('users.email')
          .execute()
      : [];
    return {
      schemas: [SCIM.group],
      id: group.id,
      displayName: group.display_name,
      ...(group.external_id !== null && { externalId: group.external_id }),
      ...(withMembers && {
        members: members.map((member) => ({
          value: member.id,
          display: member.email,
          $ref: `${this.deps.baseUrl()}/Users/${member.id}`,
        })),
      }),
      meta: {
        resourceType: 'Group',
        created: isoTime(group.created_at),
        lastModified: isoTime(group.updated_at),
        location: `${this.deps.baseUrl()}/Groups/${group.id}`,
      },
    };
  }

  private row(id: string) {
    return this.deps.db.selectFrom('scim_groups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async get(id: string, withMembers = true) {
    const group = await this.row(id);
    if (!group) throw new ScimError(404, `No group ${id}.`);
    return this.resource(group, withMembers);
  }

  async list(filter: string | undefined, query: ListQuery, withMembers: boolean) {
    const eq = parseEqFilter(filter, GROUP_FILTERS);
    let rows = this.deps.db.selectFrom('scim_groups').selectAll();
    if (eq?.attribute === 'displayName') rows = rows.where('display_name', '=', eq.value);
    if (eq?.attribute === 'externalId') rows = rows.where('external_id', '=', eq.value);
    if (eq?.attribute === 'id') rows = rows.where('id', '=', eq.value);
    const all = await rows.orderBy('created_at').orderBy('id').execute();
    const page = all.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
    return listResponse(
      await Promise.all(page.map((group) => this.resource(group, withMembers))),
      all.length,
      query,
    );
  }

  async create(body: unknown) {
    const input = groupInput(body);
    const id = randomUUID();
    const now = this.deps.clock();
    await this.write('scim.group.created', input.displayName, async (trx) => {
      await trx
        .insertInto('scim_groups')
        .values({
          id,
          display_name: input.displayName,
          external_id: input.externalId,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await this.setMembers(trx, id, input.members);
    });
    return this.get(id);
  }

  async replace(id: string, body: unknown) {
    await this.get(id, false);
    const input = groupInput(body);
    await this.write('scim.group.updated', input.displayName, async (trx) => {
      await trx
        .updateTable('scim_groups')
        .set({
          display_name: input.displayName,
          external_id: input.externalId,
          updated_at: this.deps.clock(),
        })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
      await this.setMembers(trx, id, input.members);
    });
    return this.get(id);
  }

  /** SC5: add / remove / replace `members` (a filter path `members[value eq "…"]` included) and `displayName`. */
  async patch(id: string, operations: PatchOperation[]) {
    const group = await this.row(id);
    if (!group) throw new ScimError(404, `No group ${id}.`);
    await this.write('scim.group.updated', group.display_name, async (trx) => {
      for (const { op, path, value } of operations) {
        const key = path?.toLowerCase();
        const byFilter = path ? /^members\[value eq "([^"]+)"\]$/i.exec(path) : null;
        if (key === undefined && value && typeof value === 'object' && !Array.isArray(value)) {
          const object = value as Record<string, unknown>;
          if (typeof object.displayName === 'string') await this.rename(trx, id, object.displayName);
          if (Array.isArray(object.members)) await this.changeMembers(trx, id, op, memberIds(object.members));
        } else if (key === 'displayname') {
          if (typeof value !== 'string')
            throw new ScimError(400, 'displayName must be a string.', 'invalidValue');
          await this.rename(trx, id, value);
        } else if (key === 'members') {
          await this.changeMembers(
            trx,
            id,
            op,
            value === undefined ? [] : memberIds(value),
            value === undefined,
          );
        } else if (byFilter && op === 'remove') {
          await this.changeMembers(trx, id, 'remove', [byFilter[1]!]);
        } else if (key !== 'externalid') {
          throw new ScimError(400, `Unsupported PATCH path "${path}" for a group.`, 'invalidPath');
        }
      }
      await trx
        .updateTable('scim_groups')
        .set({ updated_at: this.deps.clock() })
        .where('id', '=', id)
        .execute();
    });
    return this.get(id);
  }

  async remove(id: string) {
    const group = await this.row(id);
    if (!group) throw new ScimError(404, `No group ${id}.`);
    await this.write('scim.group.deleted', group.display_name, async (trx) => {
      await trx.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
      await trx.deleteFrom('scim_groups').where('id', '=', id).execute();
    });
  }

  /**
   * Runs a change to groups in one transaction; the members of the role groups before and after
   * get their role again (SC7), and the change is in the audit log.
   */
  private async write(action: string, target: string, change: (trx: Transaction<Database>) => Promise<void>) {
    const now = this.deps.clock();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const before = await this.roleGroupMembers(trx);
        await change(trx);
        const after = await this.roleGroupMembers(trx);
        await recordAudit(trx, { actorId: null, action, target }, () => now);
        for (const userId of new Set([...before, ...after])) await this.settleRole(trx, userId, now);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ScimError(409, `A group named ${target} exists.`, 'uniqueness');
      throw error;
    }
  }

  private async roleGroupMembers(trx: Transaction<Database>): Promise<string[]> {
    const names = [this.deps.settings.adminGroup, this.deps.settings.moderatorGroup].filter(
      (name) => name !== undefined,
    );
    if (names.length === 0) return [];
    const rows = await trx
      .selectFrom('scim_group_members')
      .innerJoin('scim_groups', 'scim_groups.id', 'scim_group_members.group_id')
      .select('scim_group_members.user_id')
      .where('scim_groups.display_name', 'in', names)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** SC7: admin group first, then the moderator group, else member. */
  private async settleRole(trx: Transaction<Database>, userId: string, now: number) {
    const groups = await trx
      .selectFrom('scim_group_members')
      .innerJoin('scim_groups', 'scim_groups.id', 'scim_group_members.group_id')
      .select('scim_groups.display_name')
      .where('scim_group_members.user_id', '=', userId)
      .execute();
    const names = new Set(groups.map((group) => group.display_name));
    const { adminGroup, moderatorGroup } = this.deps.settings;
    const role: Role =
      adminGroup && names.has(adminGroup)
        ? 'admin'
        : moderatorGroup && names.has(moderatorGroup)
          ? 'content-moderator'
          : 'member';
    const user = await trx
      .selectFrom('users')
      .select(['role', 'email'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user || user.role === role) return;
    await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
    await recordAudit(
      trx,
      { actorId: null, action: 'scim.user.role', target: user.email, details: { from: user.role, to: role } },
      () => now,
    );
  }

  private async rename(trx: Transaction<Database>, id: string, name: string) {
    const displayName = name.trim().slice(0, 200);
    if (!displayName) throw new ScimError(400, 'displayName must not be empty.', 'invalidValue');
    await trx.updateTable('scim_groups').set({ display_name: displayName }).where('id', '=', id).execute();
  }

  private async changeMembers(
    trx: Transaction<Database>,
    id: string,
    op: PatchOperation['op'],
    ids: string[],
    all = false,
  ) {
    if (op === 'replace') await trx.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
    if (op === 'remove') {
      if (all) await trx.deleteFrom('scim_group_members').where('group_id', '=', id).execute();
      else if (ids.length > 0)
        await trx
          .deleteFrom('scim_group_members')
          .where('group_id', '=', id)
          .where('user_id', 'in', ids)
          .execute();
      return;
    }
    await this.setMembers(trx, id, ids);
  }

  private async setMembers(trx: Transaction<Database>, groupId: string, ids: string[]) {
    if (ids.length === 0) return;
    const known = await trx.selectFrom('users').select('id').where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !known.some((user) => user.id === id));
    if (missing.length > 0)
      throw new ScimError(400, `No user ${missing[0]} to add to the group.`, 'invalidValue');
    const present = await trx
      .selectFrom('scim_group_members')
      .select('user_id')
      .where('group_id', '=', groupId)
      .where('user_id', 'in', ids)
      .execute();
    const fresh = [...new Set(ids)].filter((id) => !present.some((row) => row.user_id === id));
    if (fresh.length > 0)
      await trx
        .insertInto('scim_group_members')
        .values(fresh.map((user_id) => ({ group_id: groupId, user_id })))
        .execute();
  }
}

function memberIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = (member as { value?: unknown } | null)?.value;
    if (typeof id !== 'string')
      throw new ScimError(400, 'Each member needs a "value": the user id.', 'invalidValue');
    return id;
  });
}

function groupInput(body: unknown): GroupInput {
  const group = (body ?? {}) as Record<string, unknown>;
  if (typeof group.displayName !== 'string' || !group.displayName.trim())
    throw new ScimError(400, 'displayName is required.', 'invalidValue');
  return {
    displayName: group.displayName.trim().slice(0, 200),
    externalId: typeof group.externalId === 'string' ? group.externalId.slice(0, 200) : null,
    members: group.members === undefined ? [] : memberIds(group.members),
  };
}
