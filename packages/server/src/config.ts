import path from 'node:path';
import { DEFAULT_MAX_SYNC_PAYLOAD_SIZE } from '@parley/core/sync';
import { BLOB_MAX_BYTES } from '@parley/core/sync-client';
import { z } from 'zod';
import { AUTH_ATTEMPT_LIMIT } from './auth/auth-routes';
import { parseAdminEmails } from './auth/roles';
import { scimEnvShape, scimSettingsFrom, type ScimSettings } from './scim/scim-settings';
import { ssoEnvShape, ssoSettingsFrom, type SsoSettings } from './sso/sso-settings';
import type { HostedSettings } from './hosted/hosted-catalogue';
import { secretKeyringFrom } from './hosted/secret-box';
import { ACTIVATION_LIMIT } from './license/license-routes';
import { parseCorsOrigins } from './http/cors';
import { parseTrustedProxies } from './http/rate-limit';
import { SHARE_BYTES_PER_SECOND, SHARE_READ_LIMIT } from './share/share-routes';
import { DEFAULT_SYNC_EVENTS_PER_ACCOUNT, DEFAULT_SYNC_EVENTS_TOTAL } from './sync/sync-events';
import { DEFAULT_SYNC_BODY_LIMIT_BYTES, DEFAULT_USER_LIMIT_USAGE_BYTES } from './sync/sync-settings';

const portSchema = z.coerce.number().int().min(0).max(65535);

/** Environment variables the server reads; validated once at start. */
export const configSchema = z.object({
  PORT: portSchema.default(8787),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIST: z.string().min(1).optional(),
  /** The web app's host config (parley.config.json, decision 0091), served at /parley.config.json. */
  PARLEY_CONFIG_FILE: z.string().min(1).optional(),
  DATABASE_URL: z.string().url().optional(),
  /** PostgreSQL: connections each server process keeps open (CL6; all processes' must fit max_connections). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  LOG_LEVEL: z.enum(['silent', 'info', 'debug']).default('info'),
  /** Characters of JSON above which chats travel in chunks (spec section 9). */
  MAX_SYNC_PAYLOAD_SIZE: z.coerce.number().int().positive().default(DEFAULT_MAX_SYNC_PAYLOAD_SIZE),
  /** Hard cap on one /api/sync or /api/sync-buffer request body, in bytes. */
  MAX_SYNC_BODY_BYTES: z.coerce.number().int().positive().default(DEFAULT_SYNC_BODY_LIMIT_BYTES),
  /** SY13: the largest attachment one upload may carry, in bytes (default 32 MiB). */
  MAX_BLOB_BYTES: z.coerce.number().int().positive().default(BLOB_MAX_BYTES),
  /** Storage quota of new accounts, in bytes (100 MB, about 10,000 chats). */
  USER_LIMIT_USAGE_BYTES: z.coerce.number().int().positive().default(DEFAULT_USER_LIMIT_USAGE_BYTES),
  /** SY12: hours between a user's scheduled backups; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().nonnegative().default(24),
  /** SY12: scheduled backups kept per user. */
  BACKUP_RETENTION: z.coerce.number().int().positive().default(7),
  /** Signup and login attempts per minute per client address (each). */
  AUTH_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(AUTH_ATTEMPT_LIMIT.limit),
  /** Anonymous reads of share links per minute per client address (share SPEC SL12). */
  SHARE_READS_PER_MINUTE: z.coerce.number().int().positive().default(SHARE_READ_LIMIT.limit),
  /** Bytes of shared chats the server sends a second, all readers together (share SPEC SL13). */
  SHARE_BYTES_PER_SECOND: z.coerce.number().int().positive().default(SHARE_BYTES_PER_SECOND),
  /** License activation attempts per minute, per client address and per key (each). */
  LICENSE_ACTIVATIONS_PER_MINUTE: z.coerce.number().int().positive().default(ACTIVATION_LIMIT.limit),
  /** Days an unused cloud token lives (sliding: each use restarts it). Spec section 7: 180. */
  CLOUD_TOKEN_LIFETIME_DAYS: z.coerce.number().positive().max(3650).default(180),
  /** Hours after which a token in use is replaced by a new one on its next request. */
  CLOUD_TOKEN_ROTATE_HOURS: z.coerce.number().positive().default(24),
  /** SY18: open change notification streams one account may hold, and the whole server. */
  SYNC_EVENTS_PER_ACCOUNT: z.coerce.number().int().positive().default(DEFAULT_SYNC_EVENTS_PER_ACCOUNT),
  SYNC_EVENTS_TOTAL: z.coerce.number().int().positive().default(DEFAULT_SYNC_EVENTS_TOTAL),
  /** AU10: emails (comma- or space-separated) whose accounts act as admins of this server. */
  ADMIN_EMAILS: z.string().default(''),
  /** AD7: `open` (default) lets anyone sign up; `invite-only` needs an admin's invitation link. */
  SIGNUP: z.enum(['open', 'invite-only']).default('open'),
  /** Single sign-on and SCIM: OIDC_*, PUBLIC_URL, PASSWORD_LOGIN, SCIM_* (src/sso, src/scim). */
  ...ssoEnvShape,
  ...scimEnvShape,
  /** HM5: 32 random bytes in base64 sealing the organisation's provider keys; unset: hosted models off. */
  PARLEY_SECRET_KEY: z.string().optional(),
  /** HM5: earlier PARLEY_SECRET_KEY values (comma-separated) that still open keys sealed with them. */
  PARLEY_SECRET_KEY_PREVIOUS: z.string().optional(),
  /** HM1: the name members see for the organisation's models in the model picker. */
  HOSTED_ORGANISATION_NAME: z.string().optional(),
  /**
   * IP addresses of the proxies or load balancers in front (comma- or space-separated): a request
   * from one of them counts for the client X-Forwarded-For names (rate limits by address).
   */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const parsed = parseTrustedProxies(text);
      if (parsed.ok) return parsed.proxies;
      ctx.addIssue({ code: 'custom', message: `"${parsed.invalid}" is not an IP address such as 10.0.0.5` });
      return z.NEVER;
    }),
  /** 1 or true: every sync call answers 503 (spec section 8). */
  SYNC_DISABLED: z
    .enum(['', '0', '1', 'false', 'true'])
    .default('')
    .transform((value) => value === '1' || value === 'true'),
  /** Comma-separated exact origins whose pages may call the API (CORS); none: same origin only. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      const parsed = parseCorsOrigins(text);
      if (parsed.ok) return parsed.origins;
      ctx.addIssue({
        code: 'custom',
        message: `"${parsed.invalid}" is not an origin such as https://app.example.com (scheme, host and optional port; no path, no *)`,
      });
      return z.NEVER;
    }),
});

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  webDist: string | undefined;
  hostConfigFile: string | undefined;
  databaseUrl: string | undefined;
  /** PostgreSQL pool size of this process (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** TRUSTED_PROXIES: proxies whose X-Forwarded-For is believed. */
  trustedProxies: Set<string>;
  logLevel: 'silent' | 'info' | 'debug';
  /** Origins allowed to call the API from another origin (CORS_ORIGINS). */
  corsOrigins: string[];
  sync: SyncConfig;
  tokens: { lifetimeMs: number; rotateAfterMs: number };
  licenseActivationsPerMinute: number;
  /** ADMIN_EMAILS, lower-cased (AU10). */
  adminEmails: Set<string>;
  /** SIGNUP (admin SPEC AD7). */
  signup: 'open' | 'invite-only';
  /** Single sign-on (OIDC_*, PASSWORD_LOGIN, PUBLIC_URL; src/sso/SPEC.md). */
  sso: SsoSettings;
  /** SCIM provisioning (SCIM_*; src/scim/SPEC.md). */
  scim: ScimSettings;
  /** Models the organisation offers: the sealing keyring (or why it is unusable) and the group's name. */
  hosted: HostedSettings;
};

export type SyncConfig = {
  /** SY12: scheduled backups (0 hours: off). */
  backupIntervalHours: number;
  backupRetention: number;
  maxSyncPayloadSize: number;
  maxBodyBytes: number;
  maxBlobBytes: number;
  userLimitUsageBytes: number;
  disabled: boolean;
  authAttemptsPerMinute: number;
  shareReadsPerMinute: number;
  shareBytesPerSecond: number;
  /** SY18: limits of the change notification streams. */
  events: { maxPerAccount: number; maxTotal: number };
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined>, cwd: string): ServerConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const value = result.data;
  const sso = ssoSettingsFrom(value);
  if (sso.problems.length > 0)
    throw new ConfigError(
      `Invalid server configuration:\n${sso.problems.map((line) => `  ${line}`).join('\n')}`,
    );
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: path.resolve(cwd, value.DATA_DIR),
    webDist: value.WEB_DIST ? path.resolve(cwd, value.WEB_DIST) : undefined,
    hostConfigFile: value.PARLEY_CONFIG_FILE ? path.resolve(cwd, value.PARLEY_CONFIG_FILE) : undefined,
    databaseUrl: value.DATABASE_URL,
    poolSize: value.DATABASE_POOL_SIZE,
    trustedProxies: value.TRUSTED_PROXIES,
    logLevel: value.LOG_LEVEL,
    corsOrigins: value.CORS_ORIGINS,
    licenseActivationsPerMinute: value.LICENSE_ACTIVATIONS_PER_MINUTE,
    adminEmails: parseAdminEmails(value.ADMIN_EMAILS),
    signup: value.SIGNUP,
    sso: sso.settings,
    scim: scimSettingsFrom(value),
    hosted: {
      keyring: secretKeyringFrom(value.PARLEY_SECRET_KEY, value.PARLEY_SECRET_KEY_PREVIOUS),
      organisationName: value.HOSTED_ORGANISATION_NAME,
    },
    tokens: {
      lifetimeMs: value.CLOUD_TOKEN_LIFETIME_DAYS * 24 * 60 * 60 * 1000,
      rotateAfterMs: value.CLOUD_TOKEN_ROTATE_HOURS * 60 * 60 * 1000,
    },
    sync: {
      backupIntervalHours: value.BACKUP_INTERVAL_HOURS,
      backupRetention: value.BACKUP_RETENTION,
      maxSyncPayloadSize: value.MAX_SYNC_PAYLOAD_SIZE,
      maxBodyBytes: value.MAX_SYNC_BODY_BYTES,
      maxBlobBytes: value.MAX_BLOB_BYTES,
      userLimitUsageBytes: value.USER_LIMIT_USAGE_BYTES,
      disabled: value.SYNC_DISABLED,
      authAttemptsPerMinute: value.AUTH_ATTEMPTS_PER_MINUTE,
      shareReadsPerMinute: value.SHARE_READS_PER_MINUTE,
      shareBytesPerSecond: value.SHARE_BYTES_PER_SECOND,
      events: { maxPerAccount: value.SYNC_EVENTS_PER_ACCOUNT, maxTotal: value.SYNC_EVENTS_TOTAL },
    },
  };
}
