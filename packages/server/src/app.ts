import { Hono } from 'hono';
import { HttpError, sendError } from './http/errors';
import { requestLog, silentLogger, type Logger } from './http/logger';
import { mountWebApp } from './http/static';
import type { OpenDatabase } from './db';
import { licenseRoutes } from './license/license-routes';
import type { LicenseService } from './license/license-service';

export type AppDeps = {
  version: string;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string | undefined;
  log?: Logger;
  /** The opened, migrated database, for services built on it (accounts, sync). */
  db?: OpenDatabase;
  /** Mounts /api/license/* when given. */
  license?: LicenseService;
  /** Epoch-ms clock for rate limits; tests pass a fake one. */
  clock?: () => number;
};

/** Builds the HTTP handler. No side effects: tests call `app.request()` without a port. */
export function createApp(deps: AppDeps) {
  const log = deps.log ?? silentLogger;
  const app = new Hono();
  app.use('*', requestLog(log));

  app.get('/api/health', (c) => c.json({ ok: true, version: deps.version }));
  if (deps.license) app.route('/api/license', licenseRoutes({ service: deps.license, clock: deps.clock }));

  app.all('/api/*', (c) => sendError(c, 'not_found:route', `No route for ${c.req.method} ${c.req.path}`));

  if (deps.webDist) mountWebApp(app, deps.webDist);

  app.notFound((c) => sendError(c, 'not_found:route', 'Not found'));
  app.onError((error, c) => {
    if (error instanceof HttpError) return sendError(c, error.code, error.message, error.detail);
    log({ level: 'error', msg: 'unhandled', error: String(error), stack: error.stack });
    return sendError(c, 'internal:server', 'Internal server error');
  });
  return app;
}
