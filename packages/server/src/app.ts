import { Hono } from 'hono';
import { corsForOrigins } from './http/cors';
import { mountCspReports } from './http/csp-report';
import { originGuard } from './http/origin-guard';
import { sandboxPagePolicy, securityHeaders, webAppPolicy } from './http/security-headers';
import { HttpError, sendError } from './http/errors';
import { requestLog, silentLogger, type Logger } from './http/logger';
import { mountHostConfig } from './http/host-config';
import { mountWebApp } from './http/static';
import type { OpenDatabase } from './db';
import { scimRoutes } from './scim/scim-routes';
import { SCIM_DISABLED, type ScimSettings } from './scim/scim-settings';
import { ssoRoutes } from './sso/sso-routes';
import { SSO_DISABLED, type SsoSettings } from './sso/sso-settings';
import { rateLimitsFor } from './cluster/database-rate-limits';
import { trustForwardedFor, type RateLimits } from './http/rate-limit';
import { adminRoutes } from './admin/admin-routes';
import { Invites } from './admin/invites';
import { hostedRoutes } from './hosted/hosted-routes';
import type { HostedSettings } from './hosted/hosted-catalogue';
import { licenseRoutes } from './license/license-routes';
import type { LicenseService } from './license/license-service';
import { AccountService } from './auth/account-service';
import type { TokenSettings } from './auth/cloud-tokens';
import { authRoutes } from './auth/auth-routes';
import { DEFAULT_USER_LIMIT_USAGE_BYTES, defaultSyncSettings, type SyncSettings } from './sync/sync-settings';
import { BackupService } from './sync/backup-service';
import { backupRoutes } from './sync/backup-routes';
import { shareRoutes } from './share/share-routes';
import { ShareService } from './share/share-service';
import { SyncService } from './sync/sync-service';
import { BlobService } from './sync/blob-service';
import { blobRoutes } from './sync/blob-routes';
import { SyncEventHub, type SyncEventSettings } from './sync/sync-events';
import { syncRoutes } from './sync/sync-routes';

export type AppDeps = {
  version: string;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string | undefined;
  /** PARLEY_CONFIG_FILE: the web app's host config, served at /parley.config.json. */
  hostConfigFile?: string | undefined;
  log?: Logger;
  /** The opened, migrated database, for services built on it (accounts, sync). */
  db?: OpenDatabase;
  /** Mounts /api/license/* when given. */
  license?: LicenseService;
  /** Activation attempts per minute per address and per key (default 10). */
  licenseActivationsPerMinute?: number;
  /** Epoch-ms clock for rate limits, tokens and the sync clock; tests pass a fake one. */
  clock?: () => number;
  /** Accounts and cloud sync (mounted when `db` is given): limits, switches, new accounts' quota. */
  sync?: Partial<Omit<SyncSettings, 'events'>> & {
    /** Change notification limits (SY18); defaults: 20 streams an account, 10,000 in all, 25 s heartbeat. */
    events?: Partial<SyncEventSettings>;
    userLimitUsageBytes?: number;
    authAttemptsPerMinute?: number;
    /** Anonymous share reads per minute per address (share SPEC SL12, default 60). */
    shareReadsPerMinute?: number;
    /** Bytes of shared chats sent a second, all readers together (SL13, default 16 MiB). */
    shareBytesPerSecond?: number;
  };
  /** Exact origins whose pages may call /api/* (CORS); none or omitted: same origin only. */
  corsOrigins?: readonly string[];
  /** ADMIN_EMAILS, lower-cased: accounts that act as admins of this server (AU10). */
  adminEmails?: ReadonlySet<string>;
  /** SIGNUP: `invite-only` needs an admin's invitation to sign up (admin SPEC AD7); default open. */
  signup?: 'open' | 'invite-only';
  /** Single sign-on (OpenID Connect) and PASSWORD_LOGIN; omitted: password accounts only. */
  sso?: SsoSettings;
  /** SCIM provisioning at /scim/v2; omitted or no token: off (404). */
  scim?: ScimSettings;
  /** Cloud token lifetime and rotation; defaults: 180 days sliding, rotated daily. */
  tokens?: Partial<TokenSettings>;
  /** Models the organisation offers (PARLEY_SECRET_KEY, HOSTED_ORGANISATION_NAME; src/hosted/SPEC.md). */
  hosted?: HostedSettings & { fetch?: typeof fetch };
  /**
   * The change notification streams (SY17); main.ts passes its own to end them on stop. Omitted:
   * one is made from `sync.events`.
   */
  syncEvents?: SyncEventHub;
  /**
   * Where rate limits count (CL2, CL3); omitted: in the database on PostgreSQL (every server
   * process together), in memory on SQLite.
   */
  rateLimits?: RateLimits;
  /** TRUSTED_PROXIES: peers whose X-Forwarded-For names the client (rate limits by address). */
  trustedProxies?: ReadonlySet<string>;
  /** Where CSP violation reports are appended (`<DATA_DIR>/csp-violations.log`); omitted: dropped. */
  cspReportFile?: string;
};

function mountAccountsAndSync(app: Hono, deps: AppDeps & { db: OpenDatabase; rateLimits: RateLimits }) {
  const settings: SyncSettings = {
    ...defaultSyncSettings,
    ...deps.sync,
    events: { ...defaultSyncSettings.events, ...deps.sync?.events },
  };
  const accounts = new AccountService({
    database: deps.db,
    defaultLimitUsageBytes: deps.sync?.userLimitUsageBytes ?? DEFAULT_USER_LIMIT_USAGE_BYTES,
    clock: deps.clock,
    ...(deps.tokens && { tokens: deps.tokens }),
    ...(deps.adminEmails && { adminEmails: deps.adminEmails }),
    signupInvites: {
      inviteOnly: deps.signup === 'invite-only',
      consume: (db, token, email, userId) => new Invites(db, deps.clock).consume(db, token, email, userId),
    },
  });
  const sync = new SyncService({ database: deps.db, accounts, settings, clock: deps.clock });
  const blobs = new BlobService(deps.db.db, deps.clock ?? Date.now, settings.maxBlobBytes);
  const log = deps.log ?? silentLogger;
  // Single sign-on (src/sso/SPEC.md) before the password routes: PASSWORD_LOGIN=off answers first.
  const sso = deps.sso ?? SSO_DISABLED;
  const defaultLimitUsageBytes = deps.sync?.userLimitUsageBytes ?? DEFAULT_USER_LIMIT_USAGE_BYTES;
  app.route(
    '/api',
    ssoRoutes({
      accounts,
      database: deps.db,
      settings: sso,
      defaultLimitUsageBytes,
      corsOrigins: deps.corsOrigins,
      clock: deps.clock,
      log,
      rateLimits: deps.rateLimits,
      attemptsPerMinute: deps.sync?.authAttemptsPerMinute,
    }),
  );
  app.route(
    '/scim/v2',
    scimRoutes({
      accounts,
      database: deps.db,
      settings: deps.scim ?? SCIM_DISABLED,
      defaultLimitUsageBytes,
      publicUrl: sso.publicUrl,
      clock: deps.clock,
      log,
    }),
  );
  app.route(
    '/api',
    authRoutes({
      accounts,
      clock: deps.clock,
      attemptsPerMinute: deps.sync?.authAttemptsPerMinute,
      rateLimits: deps.rateLimits,
    }),
  );
  app.route(
    '/api',
    syncRoutes({
      accounts,
      sync,
      disabled: settings.disabled,
      maxBodyBytes: settings.maxBodyBytes,
      events: deps.syncEvents ?? new SyncEventHub(settings.events),
      // SY15: a failed sweep is logged and tried again an hour later; the sync itself went through.
      afterSync: (userId) =>
        blobs.collectIfDue(userId).then(
          () => undefined,
          (error: unknown) => log({ level: 'error', msg: 'blob sweep failed', error: String(error) }),
        ),
    }),
  );
  app.route('/api', blobRoutes({ accounts, blobs, disabled: settings.disabled }));
  app.route(
    '/api',
    adminRoutes({
      accounts,
      database: deps.db,
      clock: deps.clock,
      inviteOnly: deps.signup === 'invite-only',
    }),
  );
  app.route(
    '/api',
    hostedRoutes({
      accounts,
      db: deps.db.db,
      settings: deps.hosted ?? { keyring: undefined },
      clock: deps.clock,
      fetch: deps.hosted?.fetch,
      log,
    }),
  );
  const backups = new BackupService(deps.db.db, deps.clock ?? Date.now);
  app.route('/api', backupRoutes({ accounts, backups, disabled: settings.disabled }));
  const shares = new ShareService(deps.db.db, deps.clock ?? Date.now);
  app.route(
    '/api',
    shareRoutes({
      accounts,
      shares,
      disabled: settings.disabled,
      clock: deps.clock,
      readsPerMinute: deps.sync?.shareReadsPerMinute,
      bytesPerSecond: deps.sync?.shareBytesPerSecond,
      rateLimits: deps.rateLimits,
    }),
  );
}

/** Builds the HTTP handler. No side effects: tests call `app.request()` without a port. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? silentLogger;
  const rateLimits =
    deps.rateLimits ?? rateLimitsFor(deps.db, deps.clock, (error) => log({ level: 'error', msg: error }));
  const app = new Hono();
  app.use('*', requestLog(log));
  if (deps.trustedProxies && deps.trustedProxies.size > 0)
    app.use('*', trustForwardedFor(deps.trustedProxies));
  app.use(
    '*',
    securityHeaders(
      deps.webDist ? webAppPolicy(deps.webDist) : undefined,
      deps.webDist ? sandboxPagePolicy(deps.webDist) : undefined,
    ),
  );
  if (deps.corsOrigins && deps.corsOrigins.length > 0) app.use('/api/*', corsForOrigins(deps.corsOrigins));
  app.use('/api/*', originGuard(deps.corsOrigins ?? []));

  app.get('/api/health', (c) => c.json({ ok: true, version: deps.version }));
  if (deps.cspReportFile) mountCspReports(app, deps.cspReportFile, deps.clock);
  if (deps.license)
    app.route(
      '/api/license',
      licenseRoutes({
        service: deps.license,
        clock: deps.clock,
        activationsPerMinute: deps.licenseActivationsPerMinute,
        rateLimits,
      }),
    );
  if (deps.db) mountAccountsAndSync(app, { ...deps, db: deps.db, rateLimits });

  app.all('/api/*', (c) => sendError(c, 'not_found:route', `No route for ${c.req.method} ${c.req.path}`));

  mountHostConfig(app, deps.hostConfigFile);
  if (deps.webDist) mountWebApp(app, deps.webDist);

  app.notFound((c) => sendError(c, 'not_found:route', 'Not found'));
  app.onError((error, c) => {
    if (error instanceof HttpError) return sendError(c, error);
    log({ level: 'error', msg: 'unhandled', error: String(error), stack: error.stack });
    return sendError(c, 'internal:server', 'Internal server error');
  });
  return app;
}
