import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Encoding } from '../http/compressed-files';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** SL11: the public answers kept in memory, by ETag (default 64 MiB). */
export const SHARE_BODY_CACHE_BYTES = 64 * 1024 * 1024;

type Entry = {
  body: Uint8Array<ArrayBuffer>;
  /** Compressed copies that are ready; one being made is in `making`. */
  encoded: Map<Encoding, Uint8Array<ArrayBuffer>>;
  making: Set<Encoding>;
};

const compress = (body: Uint8Array, encoding: Encoding) =>
  encoding === 'br'
    ? brotli(body, {
        params: {
          // Quality 5: most of Brotli's gain on text at a small part of its best quality's cost.
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipAsync(body);

/**
 * SL11: the bytes of public share answers by their strong ETag, and their compressed copies, least
 * recently used dropped first beyond `maxBytes`. An ETag names one snapshot's bytes for good (a
 * link is never edited), so an entry is never stale: a revoked link is answered 404 by the ETag
 * lookup before the cache is asked. Copies are compressed off the event loop (zlib's thread pool),
 * once per ETag and encoding; until one is ready the plain bytes are sent.
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
    this.entries.set(etag, { body, encoded: new Map(), making: new Set() });
    this.grow(body.byteLength);
  }

  /** The `encoding` copy of a cached answer when it is ready; else starts making it and says so. */
  encoded(etag: string, encoding: Encoding): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    const ready = entry.encoded.get(encoding);
    if (ready || entry.making.has(encoding)) return ready;
    entry.making.add(encoding);
    compress(entry.body, encoding).then(
      (copy) => {
        entry.making.delete(encoding);
        // Dropped from the cache meanwhile: the copy goes with it.
        if (this.entries.get(etag) !== entry) return;
        entry.encoded.set(encoding, new Uint8Array(copy.buffer, copy.byteOffset, copy.byteLength));
        this.grow(copy.byteLength);
      },
      // Not kept: the next read tries again.
      () => entry.making.delete(encoding),
    );
    return undefined;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.body.byteLength;
      for (const copy of entry.encoded.values()) this.bytes -= copy.byteLength;
    }
  }
}
