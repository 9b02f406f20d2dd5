import { BACKUP_PATHS } from '@parley/core/sync-client';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AccountService } from '../auth/account-service';
import { requireUser, type AuthEnv } from '../auth/require-user';
import { sendUserError, withUserErrors } from '../auth/user-error';
import { HttpError } from '../http/errors';
import type { BackupService } from './backup-service';

export type BackupRoutesDeps = { accounts: AccountService; backups: BackupService; disabled: boolean };

const API_PREFIX = '/api';

/** `POST /api/backups` (snapshot now) and `GET /api/backups/latest`, scoped to the caller (SY11). */
export function backupRoutes({ accounts, backups, disabled }: BackupRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const available: MiddlewareHandler<AuthEnv> = async (c, next) => {
    if (disabled)
      return sendUserError(c, new HttpError('unavailable:sync', 'Cloud sync is disabled on this server.'));
    await next();
  };
  const guarded = [available, requireUser(accounts)] as const;
  routes.post(
    BACKUP_PATHS.create.slice(API_PREFIX.length),
    ...guarded,
    withUserErrors(async (c) => c.json({ backup: await backups.create(c.get('user')) })),
  );
  routes.get(
    BACKUP_PATHS.latest.slice(API_PREFIX.length),
    ...guarded,
    withUserErrors(async (c) =>
      c.body(await backups.latestJson(c.get('user')), 200, { 'content-type': 'application/json' }),
    ),
  );
  return routes;
}
