import type { SyncStats } from '@parley/core/sync';
import type { StoredJson, SyncChanges } from './sync-changes';
import { KIND_RULES } from './sync-kinds';

export type SyncEnvelope = {
  lastSyncAt: string;
  totalUsageBytes: number;
  limitUsageBytes: number;
  isPaid: boolean;
  maxSyncPayloadSize: number;
  userMessage?: string;
};

export function syncStatsOf(envelope: Omit<SyncEnvelope, 'maxSyncPayloadSize'>): SyncStats {
  return {
    lastSyncAt: envelope.lastSyncAt,
    totalUsageBytes: envelope.totalUsageBytes,
    limitUsageBytes: envelope.limitUsageBytes,
    subscriptions: [],
    isPaid: envelope.isPaid,
    apis: [],
  };
}

/**
 * JSON assembled from stored records' bytes and small pieces of text, copied once at the end:
 * stored JSON is never decoded into a string to be joined and encoded again (decision 0158).
 */
export class JsonBytes {
  private readonly parts: Uint8Array[] = [];
  private pending = '';

  text(value: string): this {
    this.pending += value;
    return this;
  }

  bytes(value: Uint8Array): this {
    this.flush();
    this.parts.push(value);
    return this;
  }

  done(): Uint8Array<ArrayBuffer> {
    this.flush();
    return Buffer.concat(this.parts);
  }

  private flush(): void {
    if (this.pending === '') return;
    this.parts.push(Buffer.from(this.pending));
    this.pending = '';
  }
}

/**
 * The /api/sync answer as JSON (UTF-8 bytes). Records are spliced in as the JSON they are stored
 * as, so a large answer is never parsed and serialised again. Shape: SyncResponseSchema in core.
 */
export function renderSyncResponse(
  changes: SyncChanges,
  chunkUrls: ReadonlyMap<string, string[]>,
  envelope: SyncEnvelope,
): Uint8Array<ArrayBuffer> {
  const out = new JsonBytes().text('{');
  let first = true;
  const name = (member: string) => {
    out.text(`${first ? '' : ','}${JSON.stringify(member)}:`);
    first = false;
    return out;
  };
  const list = (items: readonly StoredJson[], key?: (item: StoredJson) => string) => {
    items.forEach((item, index) => {
      out.text(`${index === 0 ? '' : ','}${key ? `${key(item)}:` : ''}`).bytes(item.json);
    });
  };
  for (const rules of KIND_RULES) {
    const kind = changes.get(rules.kind)!;
    if (rules.kind === 'settings') {
      // One `{ updatedAt, data }` per section, keyed by section name (MG11).
      name(rules.responseItems).text('{');
      list(kind.items, (item) => JSON.stringify(item.id));
      out.text('}');
      continue;
    }
    name(rules.responseItems).text('[');
    list(kind.items);
    out.text(']');
    const urls = rules.responseChunks && chunkUrls.get(rules.responseChunks);
    if (rules.responseChunks && urls && urls.length > 0)
      name(rules.responseChunks).text(JSON.stringify(urls));
    if (rules.responseDeletedIds) name(rules.responseDeletedIds).text(JSON.stringify(kind.deletedIds));
  }
  const rest = { ...envelope, syncStats: syncStatsOf(envelope) };
  for (const [member, value] of Object.entries(rest)) name(member).text(JSON.stringify(value));
  return out.text('}').done();
}
