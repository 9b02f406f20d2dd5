import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type Encoding = 'br' | 'gzip';

/** Text-like files worth compressing; images and fonts other than TTF are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.webmanifest',
  '.txt',
  '.wasm',
  '.ttf',
]);
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * SF2: the encoding to answer with, from the request's Accept-Encoding: Brotli when accepted, else
 * gzip, else none. A coding listed with `q=0` is refused.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const refused = params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

export function isCompressible(extension: string, size: number): boolean {
  return COMPRESSIBLE.has(extension) && size >= MIN_BYTES;
}

/** Which version of a file: its size and modification time. */
export type FileVersion = { size: number; mtimeMs: number };

type Entry = FileVersion & { bodies: Map<Encoding, Promise<Buffer>> };

/**
 * SF2: compressed copies of served files, made once per file version and kept in memory (the built
 * app is a few MB). Brotli at quality 9 and gzip at level 9: close to the best ratios at a cost paid
 * once per file, off the event loop (zlib's thread pool).
 */
export class CompressedFiles {
  private readonly entries = new Map<string, Entry>();

  /** Drops the copies of a file that is gone (a rebuild in place removed it). */
  forget(filePath: string): void {
    this.entries.delete(filePath);
  }

  /**
   * The `encoding` copy of the file at `filePath` in `version`; `read` (the file's bytes) is called
   * only when that copy is not made yet.
   */
  body(
    filePath: string,
    version: FileVersion,
    encoding: Encoding,
    read: () => Promise<Buffer>,
  ): Promise<Buffer> {
    const { mtimeMs, size } = version;
    let entry = this.entries.get(filePath);
    const stale = entry !== undefined && (entry.mtimeMs !== mtimeMs || entry.size !== size);
    // A new index.html means a new build: the old hashed assets will not be asked for again.
    if (stale && filePath.endsWith('index.html')) this.entries.clear();
    if (!entry || stale) {
      entry = { mtimeMs, size, bodies: new Map() };
      this.entries.set(filePath, entry);
    }
    let body = entry.bodies.get(encoding);
    if (!body) {
      body = read().then((file) =>
        encoding === 'br'
          ? brotli(file, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: file.length,
              },
            })
          : gzipAsync(file, { level: 9 }),
      );
      // A failed compression is not kept: the next request tries again.
      body.catch(() => entry?.bodies.delete(encoding));
      entry.bodies.set(encoding, body);
    }
    return body;
  }
}
