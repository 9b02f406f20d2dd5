import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { recordAudit } from '../admin/audit-log';
import type { AccountService } from '../auth/account-service';
import { isUniqueViolation } from '../db';
import type { Database } from '../db/schema';
import { NO_PASSWORD_HASH } from '../sso/sso-accounts';
import {
  isoTime,
  listResponse,
  parseEqFilter,
  ScimError,
  scimBoolean,
  SCIM,
  type ListQuery,
  type PatchOperation,
} from './scim-protocol';

type UserChanges = {
  email?: string;
  displayName?: string | null;
  externalId?: string | null;
  active?: boolean;
};

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const USER_FILTERS = ['userName', 'externalId', 'id', 'emails.value'] as const;

export type ScimUsersDeps = {
  db: Kysely<Database>;
  accounts: AccountService;
  clock: () => number;
  defaultLimitUsageBytes: number;
  /** `https://host/scim/v2`, for `meta.location`. */
  baseUrl: () => string;
};

/** SCIM Users over Parley's accounts (src/scim/SPEC.md SC1-SC6; decision 0111). */
export class ScimUsers {
  constructor(private readonly deps: ScimUsersDeps) {}

  private rows() {
    return this.deps.db
      .selectFrom('users')
      .innerJoin('scim_users', 'scim_users.user_id', 'users.id')
      .select([
        'users.id',
        'users.email',
        'users.display_name',
        'users.deactivated_at',
        'scim_users.external_id',
        'scim_users.created_at',
        'scim_users.updated_at',
      ]);
  }

  private async resource(row: Awaited<ReturnType<ReturnType<ScimUsers['rows']>['executeTakeFirstOrThrow']>>) {
    const groups = await this.deps.db
      .selectFrom('scim_group_members')
      .innerJoin('scim_groups', 'scim_groups.id', 'scim_group_members.group_id')
      .select(['scim_groups.id', 'scim_groups.display_name'])
      .where('scim_group_members.user_id', '=', row.id)
      .orderBy('scim_groups.display_name')
      .execute();
    return {
      schemas: [SCIM.user],
      id: row.id,
      ...(row.external_id !== null && { externalId: row.external_id }),
      userName: row.email,
      ...(row.display_name !== null && {
        displayName: row.display_name,
        name: { formatted: row.display_name },
      }),
      emails: [{ value: row.email, type: 'work', primary: true }],
      active: row.deactivated_at === null,
      groups: groups.map((group) => ({ value: group.id, display: group.display_name })),
      meta: {
        resourceType: 'User',
        created: isoTime(row.created_at),
        lastModified: isoTime(row.updated_at),
        location: `${this.deps.baseUrl()}/Users/${row.id}`,
      },
    };
  }

  async get(id: string) {
    const row = await this.rows().where('users.id', '=', id).executeTakeFirst();
    if (!row) throw new ScimError(404, `No user ${id}.`);
    return this.resource(row);
  }

  async list(filter: string | undefined, query: ListQuery) {
    const eq = parseEqFilter(filter, USER_FILTERS);
    let rows = this.rows();
    if (eq?.attribute === 'userName' || eq?.attribute === 'emails.value')
      rows = rows.where('users.email', '=', eq.value.trim().toLowerCase());
    if (eq?.attribute === 'externalId') rows = rows.where('scim_users.external_id', '=', eq.value);
    if (eq?.attribute === 'id') rows = rows.where('users.id', '=', eq.value);
    // Pages in the order users were provisioned; the email (unique) orders those of one millisecond,
    // so a page never depends on random ids.
    const all = await rows.orderBy('scim_users.created_at').orderBy('users.email').execute();
    const page = all.slice(query.startIndex - 1, query.startIndex - 1 + query.count);
    return listResponse(await Promise.all(page.map((row) => this.resource(row))), all.length, query);
  }

  /**
   * SC2: POST. An account with the same email that SCIM does not manage yet (a password or SSO
   * account) is taken over, data kept; one that SCIM already manages is a 409 uniqueness.
   */
  async create(body: unknown) {
    const input = userInput(body);
    const now = this.deps.clock();
    const existing = await this.deps.db
      .selectFrom('users')
      .leftJoin('scim_users', 'scim_users.user_id', 'users.id')
      .select(['users.id', 'scim_users.user_id as managed'])
      .where('users.email', '=', input.email)
      .executeTakeFirst();
    if (existing?.managed)
      throw new ScimError(409, `A user with userName ${input.email} exists.`, 'uniqueness');
    const id = existing?.id ?? randomUUID();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!existing) {
        await trx
          .insertInto('users')
          .values({
            id,
            email: input.email,
            password_hash: NO_PASSWORD_HASH,
            created_at: now,
            limit_usage_bytes: this.deps.defaultLimitUsageBytes,
            display_name: input.displayName ?? null,
            deactivated_at: input.active === false ? now : null,
          })
          .execute();
      } else {
        await trx
          .updateTable('users')
          .set({
            ...(input.displayName !== undefined && { display_name: input.displayName }),
            deactivated_at: input.active === false ? now : null,
          })
          .where('id', '=', id)
          .execute();
      }
      await trx
        .insertInto('scim_users')
        .values({ user_id: id, external_id: input.externalId ?? null, created_at: now, updated_at: now })
        .execute();
      await recordAudit(
        trx,
        {
          actorId: null,
          action: 'scim.user.created',
          target: input.email,
          details: { adopted: !!existing, active: input.active !== false },
        },
        () => now,
      );
    });
    if (input.active === false) await this.deps.accounts.revokeAll(id);
    return this.get(id);
  }

  /** SC2: PUT replaces what Parley keeps of the user (userName, displayName, externalId, active). */
  async replace(id: string, body: unknown) {
    await this.get(id);
    const input = userInput(body);
    await this.apply(id, {
      email: input.email,
      displayName: input.displayName ?? null,
      externalId: input.externalId ?? null,
      active: input.active ?? true,
    });
    return this.get(id);
  }

  /** SC5: PATCH, including the providers' variants (a value object without a path, "Replace", "False"). */
  async patch(id: string, operations: PatchOperation[]) {
    await this.get(id);
    const changes: UserChanges = {};
    for (const operation of operations) {
      if (operation.path === undefined) {
        if (!operation.value || typeof operation.value !== 'object' || Array.isArray(operation.value))
          throw new ScimError(400, 'A PATCH operation without a path needs an object value.', 'invalidValue');
        for (const [path, value] of Object.entries(operation.value))
          patchUserPath(changes, operation.op, path, value);
      } else {
        patchUserPath(changes, operation.op, operation.path, operation.value);
      }
    }
    await this.apply(id, changes);
    return this.get(id);
  }

  /** SC6: DELETE deactivates the account (its data stays for the admins) and ends SCIM's hold on it. */
  async remove(id: string) {
    const row = await this.rows().where('users.id', '=', id).executeTakeFirst();
    if (!row) throw new ScimError(404, `No user ${id}.`);
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ deactivated_at: row.deactivated_at ?? now })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('scim_group_members').where('user_id', '=', id).execute();
      await trx.deleteFrom('scim_users').where('user_id', '=', id).execute();
      await recordAudit(trx, { actorId: null, action: 'scim.user.deleted', target: row.email }, () => now);
    });
    await this.deps.accounts.revokeAll(id);
  }

  private async apply(id: string, changes: UserChanges) {
    const now = this.deps.clock();
    const before = await this.rows().where('users.id', '=', id).executeTakeFirstOrThrow();
    const deactivate = changes.active === false && before.deactivated_at === null;
    const reactivate = changes.active === true && before.deactivated_at !== null;
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({
            ...(changes.email !== undefined && { email: changes.email }),
            ...(changes.displayName !== undefined && { display_name: changes.displayName }),
            ...(deactivate && { deactivated_at: now }),
            ...(reactivate && { deactivated_at: null }),
          })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('scim_users')
          .set({
            updated_at: now,
            ...(changes.externalId !== undefined && { external_id: changes.externalId }),
          })
          .where('user_id', '=', id)
          .execute();
        const action = deactivate
          ? 'scim.user.deactivated'
          : reactivate
            ? 'scim.user.reactivated'
            : 'scim.user.updated';
        await recordAudit(
          trx,
          {
            actorId: null,
            action,
            target: changes.email ?? before.email,
            details: { fields: Object.keys(changes) },
          },
          () => now,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ScimError(409, `A user with userName ${changes.email} exists.`, 'uniqueness');
      throw error;
    }
    // SC6: a deactivated member's sessions end at once, on every device.
    if (deactivate) await this.deps.accounts.revokeAll(id);
  }
}

function text(value: unknown, attribute: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw new ScimError(400, `"${attribute}" must be a string.`, 'invalidValue');
  return value.trim().slice(0, 200) || null;
}

function emailOf(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!EMAIL.test(email) || email.length > 320)
    throw new ScimError(
      400,
      `userName must be an email address (Parley accounts are keyed by email): "${String(value).slice(0, 100)}".`,
      'invalidValue',
    );
  return email;
}

/** The parts of a SCIM User that Parley keeps; everything else is accepted and ignored (SC1). */
function userInput(body: unknown): {
  email: string;
  displayName?: string | undefined;
  externalId?: string | undefined;
  active?: boolean;
} {
  if (!body || typeof body !== 'object')
    throw new ScimError(400, 'The body must be a SCIM User object.', 'invalidSyntax');
  const user = body as Record<string, unknown>;
  const emails = Array.isArray(user.emails) ? (user.emails as { value?: unknown; primary?: unknown }[]) : [];
  const primary = emails.find((email) => email?.primary === true) ?? emails[0];
  const userName =
    typeof user.userName === 'string' && user.userName.includes('@')
      ? user.userName
      : (primary?.value ?? user.userName);
  if (userName === undefined) throw new ScimError(400, 'userName is required.', 'invalidValue');
  const name = (user.name ?? {}) as Record<string, unknown>;
  const parts = [name.givenName, name.familyName].filter((part) => typeof part === 'string' && part.trim());
  const displayName =
    typeof user.displayName === 'string'
      ? user.displayName
      : typeof name.formatted === 'string'
        ? name.formatted
        : parts.join(' ') || undefined;
  return {
    email: emailOf(userName),
    displayName: displayName === undefined ? undefined : (text(displayName, 'displayName') ?? undefined),
    externalId:
      user.externalId === undefined ? undefined : (text(user.externalId, 'externalId') ?? undefined),
    ...(user.active !== undefined && { active: scimBoolean(user.active, 'active') }),
  };
}

function patchUserPath(changes: UserChanges, op: PatchOperation['op'], path: string, value: unknown) {
  const key = path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
  const removing = op === 'remove';
  switch (key) {
    case 'active':
      if (!removing) changes.active = scimBoolean(value, 'active');
      return;
    case 'username':
      if (!removing) changes.email = emailOf(value);
      return;
    case 'displayname':
    case 'name.formatted':
      changes.displayName = removing ? null : text(value, path);
      return;
    case 'externalid':
      changes.externalId = removing ? null : text(value, path);
      return;
    case 'emails':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value': {
      if (removing) return;
      const list = Array.isArray(value) ? (value as { value?: unknown; primary?: unknown }[]) : [{ value }];
      const email = (list.find((item) => item?.primary === true) ?? list[0])?.value;
      if (email !== undefined) changes.email = emailOf(email);
      return;
    }
    case 'name': {
      if (removing || !value || typeof value !== 'object') return;
      const name = value as Record<string, unknown>;
      const formatted =
        name.formatted ??
        [name.givenName, name.familyName].filter((part) => typeof part === 'string').join(' ');
      if (typeof formatted === 'string' && formatted.trim()) changes.displayName = text(formatted, 'name');
      return;
    }
    default:
      // SC1: attributes Parley does not keep (title, locale, the enterprise extension) are ignored.
      return;
  }
}
