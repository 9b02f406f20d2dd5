/** SL11: the public answers kept in memory, by ETag (default 64 MiB). */
export const SHARE_BODY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * SL11: the bytes of public share answers, by their strong ETag, least recently used dropped first
 * beyond `maxBytes`. An ETag names one snapshot's bytes for good (a link is never edited), so an
 * entry is never stale: a revoked link is answered 404 by the ETag lookup before the cache is asked.
 */
export class ShareBodyCache {
  private readonly entries = new Map<string, Uint8Array<ArrayBuffer>>();
  private bytes = 0;

  constructor(private readonly maxBytes = SHARE_BODY_CACHE_BYTES) {}

  get(etag: string): Uint8Array<ArrayBuffer> | undefined {
    const body = this.entries.get(etag);
    if (body) {
      // Map order is the eviction order: a hit moves to the end.
      this.entries.delete(etag);
      this.entries.set(etag, body);
    }
    return body;
  }

  set(etag: string, body: Uint8Array<ArrayBuffer>): void {
    if (body.byteLength > this.maxBytes || this.entries.has(etag)) return;
    this.entries.set(etag, body);
    this.bytes += body.byteLength;
    for (const [key, old] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= old.byteLength;
    }
  }
}
