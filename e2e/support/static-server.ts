import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export type StaticHost = {
  /** The app's address, ending in the sub-path and a slash. */
  url: string;
  /** Serves `body` for a file of the folder from now on (a new deploy of that file). */
  replace(file: string, body: string): void;
  /** Serves the folder's own file (or nothing) again. */
  restore(file: string): void;
  /** Every path asked for so far (without the sub-path). */
  requested: string[];
  close(): Promise<void>;
};

/**
 * A plain static web host, as a person who self-hosts the static build would use: files of `root`
 * under `subPath`, no fallback page, no API, no headers but the content type and no-cache.
 */
export async function startStaticHost(root: string, subPath: string): Promise<StaticHost> {
  const replaced = new Map<string, string>();
  const requested: string[] = [];
  const prefix = `/${subPath.replace(/^\/|\/$/g, '')}/`;
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    if (!pathname.startsWith(prefix)) {
      response.writeHead(404).end();
      return;
    }
    const file = pathname.slice(prefix.length) || 'index.html';
    requested.push(file);
    const full = path.resolve(root, file);
    if (!full.startsWith(path.resolve(root) + path.sep)) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const body = replaced.get(file);
    const send = (content: string | Buffer) =>
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(content);
    if (body !== undefined) {
      send(body);
      return;
    }
    readFile(full).then(send, () => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    replace: (file, body) => replaced.set(file, body),
    restore: (file) => replaced.delete(file),
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
