import { z } from 'zod/mini';

/**
 * Teams (issue #37): the organisation's routes on a Parley server, shared by the server, the admin
 * panel and the member's app. Rules: packages/server/src/admin/SPEC.md (AD*).
 */
export const ORG_PATHS = {
  /** GET, any signed-in member: the organisation's shared agents and prompts (AD10). */
  shared: '/api/org/shared',
  /** GET (list), POST (publish); `${adminShared}/agents/<id>` PUT, DELETE (admin, content-moderator). */
  adminShared: '/api/admin/shared',
  /** GET (members, seats, invites); `${members}/<id>` POST (role, deactivate; admin). */
  members: '/api/admin/members',
  /** POST (invite); `${invites}/<id>` DELETE (admin). */
  invites: '/api/admin/invites',
  /** GET (admin): the audit log, `?before=&limit=&action=`. */
  audit: '/api/admin/audit',
} as const;

export const ORG_ROLES = ['member', 'content-moderator', 'admin'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];

export const ORG_SHARED_KINDS = ['agents', 'prompts'] as const;
export type OrgSharedKind = (typeof ORG_SHARED_KINDS)[number];

/**
 * One shared agent or prompt: `item` is the core entity (character or prompt) as the server
 * parsed it; the app parses it again with the same entity parser before use.
 */
export const OrgSharedItemSchema = z.object({
  id: z.string(),
  item: z.record(z.string(), z.unknown()),
  updatedAt: z.string(),
});
export type OrgSharedItem = z.infer<typeof OrgSharedItemSchema>;

export const OrgSharedItemResponseSchema = z.object({ shared: OrgSharedItemSchema });

export const OrgSharedResponseSchema = z.object({
  agents: z.array(OrgSharedItemSchema),
  prompts: z.array(OrgSharedItemSchema),
});
export type OrgSharedResponse = z.infer<typeof OrgSharedResponseSchema>;

export const AdminMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: z.enum(ORG_ROLES),
  adminByServerSetting: z.boolean(),
  createdAt: z.string(),
  deactivatedAt: z.nullable(z.string()),
  lastActiveAt: z.nullable(z.string()),
  sessions: z.number(),
});
export type AdminMember = z.infer<typeof AdminMemberSchema>;

export const AdminInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ORG_ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type AdminInvite = z.infer<typeof AdminInviteSchema>;

export const AdminMembersResponseSchema = z.object({
  members: z.array(AdminMemberSchema),
  /** Active members, and the users of the server's live Team licenses (null: none). */
  seats: z.object({ used: z.number(), licensed: z.nullable(z.number()) }),
  /** Invitations not used, revoked or expired. */
  invites: z.array(AdminInviteSchema),
  /** SIGNUP=invite-only: only invited emails can create an account. */
  inviteOnly: z.boolean(),
});
export type AdminMembersResponse = z.infer<typeof AdminMembersResponseSchema>;

export const AdminMemberResponseSchema = z.object({ member: AdminMemberSchema });

/** The invite as made: `token` is shown once, to put in the link (`/?invite=<token>`). */
export const AdminInviteCreatedSchema = z.object({ invite: AdminInviteSchema, token: z.string() });
export type AdminInviteCreated = z.infer<typeof AdminInviteCreatedSchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  actorId: z.nullable(z.string()),
  actorEmail: z.nullable(z.string()),
  action: z.string(),
  target: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The query parameter of an invite link: `https://parley.example.com/?invite=<token>`. */
export const INVITE_QUERY_PARAM = 'invite';
