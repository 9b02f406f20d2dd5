import type { SyncTransport } from './ports';
import {
  AdminInviteCreatedSchema,
  AdminMemberResponseSchema,
  AdminMembersResponseSchema,
  AuditPageSchema,
  ORG_PATHS,
  OrgSharedItemResponseSchema,
  OrgSharedResponseSchema,
  type AdminInviteCreated,
  type AdminMember,
  type AdminMembersResponse,
  type AuditPage,
  type OrgRole,
  type OrgSharedItem,
  type OrgSharedKind,
  type OrgSharedResponse,
} from './org-protocol';

/** A refused or failed organisation call: the server's sentence for a person, and its code. */
export class OrgRequestError extends Error {
  constructor(
    readonly status: number,
    /** The server's error code (`forbidden:role`, `conflict:last_admin`…); `network` when unreached. */
    readonly code: string,
    /** The server's userMessage; empty when there was none (the app shows its own text). */
    readonly userMessage: string,
  ) {
    super(userMessage || code);
    this.name = 'OrgRequestError';
  }
}

type Parser<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

function errorOf(status: number, body: unknown): OrgRequestError {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    error?: { code?: unknown };
    userMessage?: unknown;
  };
  const code = typeof answer.error?.code === 'string' ? answer.error.code : `http_${status}`;
  const message = typeof answer.userMessage === 'string' ? answer.userMessage : '';
  return new OrgRequestError(status, code, message);
}

/**
 * The organisation's calls (server src/admin/SPEC.md AD*) over the sync transport and its session:
 * what a member reads, and what the admin panel does.
 */
export function createOrgClient(transport: SyncTransport) {
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    parser: Parser<T>,
    body?: unknown,
  ): Promise<T> {
    // Writes carry a JSON body even when empty: cookie-authenticated writes must be JSON (AU4).
    const request = method === 'GET' ? { method, path } : { method, path, body: JSON.stringify(body ?? {}) };
    const answer = await transport.send(request).catch(() => {
      throw new OrgRequestError(0, 'network', '');
    });
    if (answer.status < 200 || answer.status >= 300) throw errorOf(answer.status, answer.body);
    const parsed = parser.safeParse(answer.body);
    if (!parsed.success) throw new OrgRequestError(answer.status, 'unexpected_answer', '');
    return parsed.data;
  }
  const anything: Parser<unknown> = { safeParse: (value) => ({ success: true, data: value }) };
  const itemPath = (kind: OrgSharedKind, id?: string) =>
    `${ORG_PATHS.adminShared}/${kind}${id === undefined ? '' : `/${encodeURIComponent(id)}`}`;

  return {
    /** AD10: the organisation's agents and prompts, for every signed-in member. */
    shared: (): Promise<OrgSharedResponse> => call('GET', ORG_PATHS.shared, OrgSharedResponseSchema),
    publish: async (kind: OrgSharedKind, item: Record<string, unknown>): Promise<OrgSharedItem> =>
      (await call('POST', itemPath(kind), OrgSharedItemResponseSchema, item)).shared,
    update: async (kind: OrgSharedKind, id: string, item: Record<string, unknown>): Promise<OrgSharedItem> =>
      (await call('PUT', itemPath(kind, id), OrgSharedItemResponseSchema, item)).shared,
    remove: async (kind: OrgSharedKind, id: string) => {
      await call('DELETE', itemPath(kind, id), anything);
    },
    members: (): Promise<AdminMembersResponse> => call('GET', ORG_PATHS.members, AdminMembersResponseSchema),
    changeMember: async (
      id: string,
      change: { role?: OrgRole; deactivated?: boolean },
    ): Promise<AdminMember> =>
      (
        await call(
          'POST',
          `${ORG_PATHS.members}/${encodeURIComponent(id)}`,
          AdminMemberResponseSchema,
          change,
        )
      ).member,
    invite: (email: string, role: OrgRole): Promise<AdminInviteCreated> =>
      call('POST', ORG_PATHS.invites, AdminInviteCreatedSchema, { email, role }),
    revokeInvite: async (id: string) => {
      await call('DELETE', `${ORG_PATHS.invites}/${encodeURIComponent(id)}`, anything);
    },
    audit: (options: { before?: string | null; action?: string } = {}): Promise<AuditPage> => {
      const query = new URLSearchParams();
      if (options.before) query.set('before', options.before);
      if (options.action) query.set('action', options.action);
      const suffix = query.size > 0 ? `?${query.toString()}` : '';
      return call('GET', `${ORG_PATHS.audit}${suffix}`, AuditPageSchema);
    },
  };
}

export type OrgClient = ReturnType<typeof createOrgClient>;
