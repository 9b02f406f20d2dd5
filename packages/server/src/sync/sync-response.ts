import type { SyncStats } from '@parley/core/sync';
import type { SyncChanges } from './sync-changes';
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
 * The /api/sync answer as JSON text. Records are spliced in as the JSON text they are stored as,
 * so a large answer is never parsed and serialised again. Shape: SyncResponseSchema in core.
 */
export function renderSyncResponse(
  changes: SyncChanges,
  chunkUrls: ReadonlyMap<string, string[]>,
  envelope: SyncEnvelope,
): string {
  const members: string[] = [];
  const member = (name: string, json: string) => members.push(`${JSON.stringify(name)}:${json}`);
  for (const rules of KIND_RULES) {
    const kind = changes.get(rules.kind)!;
    if (rules.kind === 'settings') {
      // One `{ updatedAt, data }` per section, keyed by section name (MG11).
      member(
        rules.responseItems,
        `{${kind.items.map((item) => `${JSON.stringify(item.id)}:${item.text}`).join(',')}}`,
      );
      continue;
    }
    member(rules.responseItems, `[${kind.items.map((item) => item.text).join(',')}]`);
    const urls = rules.responseChunks && chunkUrls.get(rules.responseChunks);
    if (rules.responseChunks && urls && urls.length > 0) member(rules.responseChunks, JSON.stringify(urls));
    if (rules.responseDeletedIds) member(rules.responseDeletedIds, JSON.stringify(kind.deletedIds));
  }
  const rest = { ...envelope, syncStats: syncStatsOf(envelope) };
  for (const [name, value] of Object.entries(rest)) member(name, JSON.stringify(value));
  return `{${members.join(',')}}`;
}
