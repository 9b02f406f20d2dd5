import { BACKUP_PATHS } from '@parley/core/sync-client';
import { Hono } from 'hono';
import type { AccountService } from '../auth/account-service';
import type { AuthEnv } from '../auth/require-user';
import { withUserErrors } from '../auth/user-error';
import type { BackupService } from './backup-service';
import { syncRouteGuards } from '../http/route-guards';

export type BackupRoutesDeps = { accounts: AccountService; backups: BackupService; disabled: boolean };

const API_PREFIX = '/api';

/**
 * `POST /api/backups` (snapshot now) and `GET /api/backups/latest` (SY11), and the scheduled ones,
 * `GET /api/backups/history[/:id]` (SY12); all scoped to the caller.
 */
export function backupRoutes({ accounts, backups, disabled }: BackupRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const { signedIn } = syncRouteGuards(accounts, disabled);
  routes.post(
    BACKUP_PATHS.create.slice(API_PREFIX.length),
    signedIn,
    withUserErrors(async (c) => c.json({ backup: await backups.create(c.get('user')) })),
  );
  routes.get(
    BACKUP_PATHS.latest.slice(API_PREFIX.length),
    signedIn,
    withUserErrors(async (c) =>
      c.body(await backups.latestJson(c.get('user')), 200, { 'content-type': 'application/json' }),
    ),
  );
  routes.get(
    BACKUP_PATHS.history.slice(API_PREFIX.length),
    signedIn,
    withUserErrors(async (c) => c.json({ backups: await backups.history(c.get('user')) })),
  );
  routes.get(
    `${BACKUP_PATHS.history.slice(API_PREFIX.length)}/:id`,
    signedIn,
    withUserErrors(async (c) => {
      // Another user's id answers like a missing one: `{ backup: null }`.
      const text = await backups.historyJson(c.get('user'), c.req.param('id') ?? '');
      return c.body(text ?? '{"backup":null}', 200, { 'content-type': 'application/json' });
    }),
  );
  return routes;
}
