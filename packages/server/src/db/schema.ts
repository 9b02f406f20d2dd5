import type { Generated } from 'kysely';

/**
 * Row types of every table, shared by SQLite and PostgreSQL. Conventions that keep both identical:
 * text ids, timestamps as integer epoch milliseconds (bigint columns read back as numbers), no
 * booleans (a nullable timestamp says when something stopped), JSON stored as text.
 */
export type Database = {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  licenses: LicensesTable;
  license_devices: LicenseDevicesTable;
  sync_records: SyncRecordsTable;
  sync_clocks: SyncClocksTable;
  sync_buffers: SyncBuffersTable;
  sync_buffer_chunks: SyncBufferChunksTable;
  sync_response_chunks: SyncResponseChunksTable;
  sync_backups: SyncBackupsTable;
  sync_backup_history: SyncBackupHistoryTable;
  shared_chats: SharedChatsTable;
  sync_blobs: SyncBlobsTable;
  user_identities: UserIdentitiesTable;
  sso_login_states: SsoLoginStatesTable;
  scim_users: ScimUsersTable;
  scim_groups: ScimGroupsTable;
  scim_group_members: ScimGroupMembersTable;
  audit_log: AuditLogTable;
  cluster_leases: ClusterLeasesTable;
  rate_limit_windows: RateLimitWindowsTable;
  byte_budgets: ByteBudgetsTable;
  org_shared_items: OrgSharedItemsTable;
  invites: InvitesTable;
};

export type UsersTable = {
  id: string;
  /** Stored lower-cased; unique. */
  email: string;
  password_hash: string;
  created_at: number;
  /** Defaults to 100 MB. */
  limit_usage_bytes: Generated<number>;
  /** Defaults to 0. */
  total_usage_bytes: Generated<number>;
  /**
   * Bytes in the account's upload buffers (`sync_buffers.size_bytes`, expired ones included until
   * swept), kept in the transactions that change them: 0 means no buffer, and no query (SY7).
   */
  buffered_bytes: Generated<number>;
  /** `member` (default), `content-moderator` or `admin` on this server (AU10, `auth/roles.ts`). */
  role: Generated<string>;
  /** When an admin or the identity provider (SCIM) deactivated the account; null: active. */
  deactivated_at: number | null;
  /** The person's name as an admin or the identity provider gave it; null: none given. */
  display_name: string | null;
};

export type AuthTokensTable = {
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: number;
  /** When the token stops working: now for a logout, a short grace ahead for a rotated one. */
  revoked_at: number | null;
  /** Last authenticated use (written at most once an hour); null: not used since issued. */
  last_used_at: number | null;
  /** When a rotation last issued a successor for this token. */
  replaced_at: number | null;
  /** On a successor: the hash of the token it replaces (retired when this one is first used). */
  replaces: string | null;
};

export type LicensesTable = {
  id: string;
  /** SHA-256 of the canonical license key; unique. */
  key_hash: string;
  /** Last 4 characters of the key, to tell keys apart in lists. */
  key_hint: string;
  plan: string;
  max_devices: number;
  max_users: number;
  created_at: number;
  revoked_at: number | null;
};

/** One row per link of a device to a license; unlinking ends the row, linking again adds one. */
export type LicenseDevicesTable = {
  /** The activation id carried by the device's license tokens. */
  id: string;
  license_id: string;
  device_id: string;
  device_name: string;
  /** Who uses the device, as the activation named them (trimmed); null when it named nobody (LS11). */
  user_name: string | null;
  activated_at: number;
  last_seen_at: number;
  unlinked_at: number | null;
};

/** One synced record of a user: a chat, folder, prompt, character, plugin or settings section. */
export type SyncRecordsTable = {
  user_id: string;
  kind: string;
  item_id: string;
  /** JSON of the merged record (bookkeeping such as syncedAt left out); compared structurally, never as text. */
  data: string;
  /** The record's own updatedAt / deletedAt (client clocks), epoch ms. */
  updated_at: number;
  deleted_at: number | null;
  /** Server clock stamp of the sync that last changed the row; strictly increasing per user. */
  server_updated_at: number;
  /** UTF-8 length of `data`, counted in the user's total_usage_bytes. */
  size_bytes: number;
};

/** The last stamp given to a user's sync; its row is the per-user lock of a sync transaction. */
export type SyncClocksTable = {
  user_id: string;
  server_time: number;
};

/** Chats uploaded in chunks before the sync that consumes them (large data). */
export type SyncBuffersTable = {
  id: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  size_bytes: number;
};

export type SyncBufferChunksTable = {
  id: string;
  buffer_id: string;
  /** JSON list of parsed chats. */
  data: string;
  size_bytes: number;
};

/** A response chunk: the ids of records of one kind, read when the chunk is fetched. */
export type SyncResponseChunksTable = {
  id: string;
  user_id: string;
  kind: string;
  item_ids: string;
  created_at: number;
  expires_at: number;
};

/** A user's latest manual backup: a snapshot of their live synced records (one row per user). */
export type SyncBackupsTable = {
  user_id: string;
  created_at: number;
  /** JSON of `{ chats, folders, prompts, characters, plugins, userSettings }`. */
  data: string;
  /** JSON of the record counts per kind. */
  counts: string;
  size_bytes: number;
};

/** Scheduled backups (SY12): point-in-time copies, newest kept by retention. */
export type SyncBackupHistoryTable = {
  id: string;
  user_id: string;
  created_at: number;
  /** JSON of `{ chats, folders, prompts, characters, plugins, userSettings }`. */
  data: string;
  counts: string;
  size_bytes: number;
};

/** Public share links (src/share/SPEC.md): a revoked link's row is deleted. */
export type SharedChatsTable = {
  id: string;
  user_id: string;
  chat_id: string;
  title: string;
  created_at: number;
  /** JSON of the snapshot, as the public route sends it inside `{"share":…}`. */
  data: string;
  message_count: number;
  /** UTF-8 length of `data`, counted in the owner's total_usage_bytes (share SPEC SL7). */
  size_bytes: number;
  /**
   * Strong ETag of the public answer (SL9), set once `data` passed the strict schema (SL8); null on
   * rows stored before, which are repaired on their first read (SL10).
   */
  etag: Generated<string | null>;
};

/** Attachment bytes synced as BLOB items (src/sync/SPEC.md SY13-SY16), counted in the owner's usage. */
export type SyncBlobsTable = {
  user_id: string;
  /** `att-` + the first 128 bits of the SHA-256 of `data`, checked on upload. */
  id: string;
  /** One of the image types in BLOB_CONTENT_TYPES. */
  content_type: string;
  size_bytes: number;
  created_at: number;
  data: Uint8Array;
};

/** Who signs in by single sign-on (src/sso/SPEC.md SSO4): an identity provider's subject, linked to one account. */
export type UserIdentitiesTable = {
  /** The provider's issuer identifier (OIDC_ISSUER as its discovery document states it). */
  issuer: string;
  /** The `sub` claim: stable at the provider, unlike the email. */
  subject: string;
  user_id: string;
  /** The verified email of the last sign-in. */
  email: string;
  created_at: number;
  last_login_at: number;
};

/** A single sign-on under way (SSO2): single use, deleted by its callback or once expired. */
export type SsoLoginStatesTable = {
  /** SHA-256 (base64url) of the `state` sent to the provider. */
  state_hash: string;
  /** PKCE verifier; lives at most OIDC state lifetime (10 minutes). */
  code_verifier: string;
  nonce: string;
  /** Where the browser goes after the callback (checked against this server and CORS_ORIGINS). */
  return_to: string;
  created_at: number;
  expires_at: number;
};

/** What the identity provider keeps about an account it provisioned by SCIM (src/scim/SPEC.md). */
export type ScimUsersTable = {
  user_id: string;
  external_id: string | null;
  created_at: number;
  updated_at: number;
};

/** A SCIM group; SCIM_ADMIN_GROUP and SCIM_MODERATOR_GROUP name the two that give roles (SC7). */
export type ScimGroupsTable = {
  id: string;
  /** Unique, compared as given. */
  display_name: string;
  external_id: string | null;
  created_at: number;
  updated_at: number;
};

export type ScimGroupMembersTable = {
  group_id: string;
  user_id: string;
};

/** Admin actions (src/admin/SPEC.md AD1-AD3): rows are only added, read newest first. */
export type AuditLogTable = {
  /** Time-sortable: base-36 `created_at`, the writing process's count, random hex. */
  id: string;
  created_at: number;
  /** Who acted; null: the identity provider (SCIM) or the server itself. Not a foreign key. */
  actor_id: string | null;
  action: string;
  target: string | null;
  /** JSON object of small facts, secrets redacted (AD2); null: none. */
  details: string | null;
};

/** CL4: a job that runs once across server processes is held by one of them until `expires_at`. */
export type ClusterLeasesTable = {
  name: string;
  /** The holding process's id (random per start). */
  holder: string;
  expires_at: number;
};

/** CL2: one fixed window of a rate limit, counted by every process (`bucket`: limit name and key). */
export type RateLimitWindowsTable = {
  bucket: string;
  window_ends_at: number;
  hits: number;
};

/** CL3: a token bucket of bytes a second shared by every process (share reads, SL13). */
export type ByteBudgetsTable = {
  name: string;
  /** Bytes left; below 0 while an answer larger than the budget is being paid off. */
  tokens: number;
  refilled_at: number;
  /** Bytes the last request spent; -1 when it was refused (how the upsert reports its decision). */
  last_spent: number;
};

/** The organisation's shared agents and prompts (src/admin/SPEC.md AD8-AD11). */
export type OrgSharedItemsTable = {
  id: string;
  /** `agent` or `prompt`. */
  kind: string;
  /** JSON of the core entity (character or prompt), secrets emptied. */
  data: string;
  /** The admin or content-moderator who published it; not a foreign key. */
  created_by: string | null;
  created_at: number;
  updated_at: number;
};

/** Invitations to sign up (AD6, AD7): single use, for one email, until they expire. */
export type InvitesTable = {
  id: string;
  /** SHA-256 (base64url) of the token; the token is shown once. */
  token_hash: string;
  /** Lower-cased. */
  email: string;
  /** The role the account gets on sign-up. */
  role: string;
  created_by: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
};
