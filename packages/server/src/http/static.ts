import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { chooseEncoding, CompressedFiles, isCompressible, type FileVersion } from './compressed-files';

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
 * Serves the built web app (SPEC.md SF1–SF3): hashed files under /assets/ are immutable, index.html
 * is never cached without asking, and any other GET that is not an API route falls back to
 * index.html (single-page app). Text files go out compressed when the browser accepts it.
 */
export function mountWebApp(app: Hono, webDist: string) {
  const root = path.resolve(webDist);
  const compressed = new CompressedFiles();
  app.get('*', async (c) => {
    const requestPath = decodeURIComponent(c.req.path);
    if (requestPath.startsWith('/api/')) return c.notFound();
    const filePath = path.resolve(root, `.${requestPath}`);
    if (!filePath.startsWith(root + path.sep) && filePath !== root) return c.notFound();
    const file = await fileVersion(filePath);
    if (!file) compressed.forget(filePath);
    if (file) {
      const immutable = requestPath.startsWith('/assets/');
      return send(
        c,
        compressed,
        filePath,
        file,
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
    if (path.extname(requestPath) && requestPath.startsWith('/assets/')) return c.notFound();
    const indexPath = path.join(root, 'index.html');
    const index = await fileVersion(indexPath);
    if (!index) return c.text('The web app is not built. Run `npm run build`.', 503);
    const page = await send(c, compressed, indexPath, index, 'no-cache');
    // Shared chats (/s/<id>) are public but never indexed (share SPEC SL5).
    if (requestPath.startsWith('/s/')) page.headers.set('x-robots-tag', 'noindex, nofollow');
    return page;
  });
}

async function send(
  c: Context,
  compressed: CompressedFiles,
  filePath: string,
  file: FileVersion,
  cacheControl: string,
): Promise<Response> {
  const extension = path.extname(filePath);
  // SF3: a weak validator from the file's version; a revalidation of an unchanged file is a 304.
  const etag = `W/"${file.size.toString(16)}-${Math.trunc(file.mtimeMs).toString(16)}"`;
  const headers: Record<string, string> = {
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'cache-control': cacheControl,
    etag,
  };
  const compressible = isCompressible(extension, file.size);
  if (compressible) headers.vary = 'Accept-Encoding';
  if (
    c.req
      .header('if-none-match')
      ?.split(/\s*,\s*/)
      .includes(etag)
  )
    return c.body(null, 304, headers);
  const encoding = compressible ? chooseEncoding(c.req.header('accept-encoding')) : null;
  try {
    // The bytes are read only when they are sent: not for a 304, not for a copy compressed already.
    if (!encoding) return c.body(new Uint8Array(await readFile(filePath)), 200, headers);
    const body = await compressed.body(filePath, file, encoding, () => readFile(filePath));
    return c.body(new Uint8Array(body), 200, { ...headers, 'content-encoding': encoding });
  } catch {
    // Removed between the stat and the read (a rebuild in place).
    return c.notFound();
  }
}

async function fileVersion(filePath: string): Promise<FileVersion | undefined> {
  try {
    const info = await stat(filePath);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}
