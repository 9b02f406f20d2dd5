import { appendFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientAddress, createRateLimiter } from './rate-limit';
import { CSP_REPORT_PATH } from './security-headers';

const MAX_REPORT_BYTES = 16 * 1024;
/** The log stops growing here: reports are a signal, not a store. */
const MAX_LOG_BYTES = 1024 * 1024;

/**
 * Receives the browser's CSP violation reports (SH4) and appends each, one JSON line, to
 * `<DATA_DIR>/csp-violations.log`: the e2e run fails when that file is not empty, and an operator
 * can read it. Bounded: small bodies, a rate limit per address, a capped file. Browsers send
 * `application/csp-report` (or `application/reports+json`), never preflighted JSON.
 */
export function mountCspReports(app: Hono, logFile: string, clock: () => number = Date.now) {
  const limiter = createRateLimiter({ limit: 60, windowMs: 60_000, clock });
  const small = bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: (c) => c.body(null, 413) });
  app.post(CSP_REPORT_PATH, small, async (c) => {
    const type = c.req.header('content-type') ?? '';
    const accepted = /^application\/(csp-report|reports\+json|json)\s*(;|$)/i.test(type);
    if (!accepted || !limiter.hit(clientAddress(c)).allowed) return c.body(null, 204);
    const text = await c.req.text();
    try {
      const size = await stat(logFile).then(
        (info) => info.size,
        () => 0,
      );
      if (size < MAX_LOG_BYTES) {
        await mkdir(path.dirname(logFile), { recursive: true });
        await appendFile(
          logFile,
          `${JSON.stringify({ at: new Date(clock()).toISOString(), report: text })}\n`,
        );
      }
    } catch {
      // A report that cannot be written is dropped: the page must never wait on it.
    }
    return c.body(null, 204);
  });
}
