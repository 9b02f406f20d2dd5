import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';

export const CSP_REPORT_PATH = '/api/csp-report';

/**
 * What a page of ours may never do, whatever its build says (SH2): be framed, load plugins, move
 * its base URL. The meta CSP of the build cannot say frame-ancestors or where to report (browsers
 * ignore both in a meta tag), so the header adds them.
 */
const HEADER_ONLY = `frame-ancestors 'none'; report-uri ${CSP_REPORT_PATH}`;
const FALLBACK_PAGE_POLICY = "default-src 'self'; object-src 'none'; base-uri 'none'";
/** API answers (JSON) run nothing. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

const META_CSP = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i;

/** The plugin sandbox page (SH5, decision 0040): framed by the app, with a policy of its own. */
export const PLUGIN_SANDBOX_PATH = '/plugin-sandbox.html';
/** Without the file's own policy the sandbox runs nothing. */
const SANDBOX_FALLBACK = "default-src 'none'";

/**
 * The page policy of a build: the meta CSP the Vite build wrote into index.html (the one place
 * that knows the inline script hashes), plus the header-only directives. Re-read when
 * index.html changes (a rebuild in place).
 */
export function webAppPolicy(webDist: string): () => Promise<string> {
  const indexPath = path.join(webDist, 'index.html');
  let cached: { mtimeMs: number; policy: string } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(indexPath);
      if (cached?.mtimeMs !== mtimeMs) {
        const meta = META_CSP.exec(await readFile(indexPath, 'utf8'))?.[1];
        cached = { mtimeMs, policy: `${meta ?? FALLBACK_PAGE_POLICY}; ${HEADER_ONLY}` };
      }
      return cached.policy;
    } catch {
      return `${FALLBACK_PAGE_POLICY}; ${HEADER_ONLY}`;
    }
  };
}

/**
 * SH5: the sandbox page's own meta policy (eval for plugin code, never the app's), framed only by
 * the app's pages, reporting nothing (plugin code breaking it is expected, not an attack on us).
 */
export function sandboxPagePolicy(webDist: string): () => Promise<string> {
  const file = path.join(webDist, PLUGIN_SANDBOX_PATH);
  return async () => {
    const meta = await readFile(file, 'utf8').then(
      (html) => META_CSP.exec(html)?.[1],
      () => undefined,
    );
    return `${meta ?? SANDBOX_FALLBACK}; frame-ancestors 'self'`;
  };
}

/**
 * Security headers on every answer (SH1-SH3 in SPEC.md): no MIME sniffing, no referrer, and a
 * Content-Security-Policy: the build's for HTML pages, "run nothing" for API answers.
 */
export function securityHeaders(
  pagePolicy: (() => Promise<string>) | undefined,
  sandboxPolicy?: () => Promise<string>,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'no-referrer');
    const isPage = (headers.get('content-type') ?? '').startsWith('text/html');
    if (isPage && sandboxPolicy && c.req.path === PLUGIN_SANDBOX_PATH) {
      headers.set('content-security-policy', await sandboxPolicy());
    } else if (isPage) {
      headers.set(
        'content-security-policy',
        pagePolicy ? await pagePolicy() : `${FALLBACK_PAGE_POLICY}; ${HEADER_ONLY}`,
      );
      headers.set('x-frame-options', 'DENY');
    } else if (c.req.path.startsWith('/api/') && !headers.has('content-security-policy')) {
      // Not on the app's scripts: a worker takes its policy from its script's answer.
      headers.set('content-security-policy', API_POLICY);
    }
  };
}
