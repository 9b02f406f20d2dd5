import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/compressed-files';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** SL11: the public answers kept in memory, by ETag (default 64 MiB). */
export const SHARE_BODY_CACHE_BYTES = 64 * 1024 * 1024;

type Copy = Promise<Uint8Array<ArrayBuffer> | undefined>;
type Entry = { body: Uint8Array<ArrayBuffer>; copies: Map<Encoding, Copy>; copyBytes: number };

/**
 * The fastest levels: a 4 MB snapshot takes some 25 ms of a thread-pool thread and shrinks about
 * threefold; the best levels would save a tenth more for five to ten times the CPU, which a small
 * server needs for sync.
 */
const compress = (body: Uint8Array, encoding: Encoding) =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 1,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body, { level: 1 });

/**
 * SL11: the bytes of public share answers by their strong ETag, and their compressed copies, least
 * recently used dropped first beyond `maxBytes`. An ETag names one snapshot's bytes for good (a
 * link is never edited), so an entry is never stale: a revoked link is answered 404 by the ETag
 * lookup before the cache is asked. Copies are compressed off the event loop (zlib's thread pool),
 * once per ETag and encoding; readers who come while one is made wait for it.
 */
export class ShareBodyCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = SHARE_BODY_CACHE_BYTES) {}

  get(etag: string): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    // Map order is the eviction order: a hit moves to the end.
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry.body;
  }

  set(etag: string, body: Uint8Array<ArrayBuffer>): void {
    if (body.byteLength > this.maxBytes || this.entries.has(etag)) return;
    this.entries.set(etag, { body, copies: new Map(), copyBytes: 0 });
    this.grow(body.byteLength);
  }

  /** The `encoding` copy of a cached answer, made on first use; undefined when it is not cached. */
  encoded(etag: string, encoding: Encoding): Copy {
    const entry = this.entries.get(etag);
    if (!entry) return Promise.resolve(undefined);
    let copy = entry.copies.get(encoding);
    if (!copy) {
      copy = compress(entry.body, encoding).then(
        (made) => {
          // Dropped from the cache meanwhile: the copy goes with it.
          if (this.entries.get(etag) === entry) {
            entry.copyBytes += made.byteLength;
            this.grow(made.byteLength);
          }
          return new Uint8Array(made.buffer, made.byteOffset, made.byteLength);
        },
        () => {
          // Not kept: the next read tries again; this one goes out plain.
          entry.copies.delete(encoding);
          return undefined;
        },
      );
      entry.copies.set(encoding, copy);
    }
    return copy;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.byteLength + entry.copyBytes;
    }
  }
}
