import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Hono } from 'hono';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built web app: hashed files under /assets/ are immutable, index.html is never cached,
 * and any other GET that is not an API route falls back to index.html (single-page app).
 */
export function mountWebApp(app: Hono, webDist: string) {
  const root = path.resolve(webDist);
  app.get('*', async (c) => {
    const requestPath = decodeURIComponent(c.req.path);
    if (requestPath.startsWith('/api/')) return c.notFound();
    const filePath = path.resolve(root, `.${requestPath}`);
    if (!filePath.startsWith(root + path.sep) && filePath !== root) return c.notFound();
    const file = await readIfFile(filePath);
    if (file) {
      const immutable = requestPath.startsWith('/assets/');
      return c.body(new Uint8Array(file), 200, {
        'content-type': contentTypes[path.extname(filePath)] ?? 'application/octet-stream',
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
    }
    if (path.extname(requestPath) && requestPath.startsWith('/assets/')) return c.notFound();
    const index = await readIfFile(path.join(root, 'index.html'));
    if (!index) return c.text('The web app is not built. Run `npm run build`.', 503);
    return c.body(new Uint8Array(index), 200, {
      'content-type': contentTypes['.html']!,
      'cache-control': 'no-cache',
    });
  });
}

async function readIfFile(filePath: string): Promise<Buffer | undefined> {
  try {
    const info = await stat(filePath);
    if (!info.isFile()) return undefined;
    return await readFile(filePath);
  } catch {
    return undefined;
  }
}
