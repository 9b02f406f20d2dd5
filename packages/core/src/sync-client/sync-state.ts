import { z } from 'zod/mini';
import { defineSetting } from '../entities';
import type { StoragePort } from '../storage';
import { SyncStatsSchema, type SyncStats } from '../sync';

/**
 * This device's sync bookkeeping, kept in the store's settings area under one local-only key (it
 * is never sent, and it is cleared with the rest of the local data on log out).
 */
export const DELETION_KINDS = [
  'chats',
  'folders',
  'projects',
  'knowledgeDocuments',
  'prompts',
  'characters',
  'plugins',
] as const;
export type DeletionKind = (typeof DELETION_KINDS)[number];
export type PendingDeletions = Record<DeletionKind, string[]>;

const idList = z._default(z.array(z.string()), () => []);

const SyncStateSchema = z.object({
  /** The server's clock at this device's last successful sync (PR1); null: never, or a full re-sync. */
  lastSyncAt: z._default(z.nullable(z.string()), null),
  /** What the server announced last (PR7); null until the first answer. */
  maxSyncPayloadSize: z._default(z.nullable(z.number().check(z.int(), z.positive())), null),
  /** Per settings section, the updatedAt of the version last sent or received (SC10). */
  sectionTimes: z._default(z.record(z.string(), z.string()), () => ({})),
  /** Deleted ids not yet acknowledged by the server (SC5, SC6). */
  pendingDeletions: z._default(
    z.object({
      chats: idList,
      folders: idList,
      projects: idList,
      // Bookkeeping saved before knowledge documents synced has none (decision 0131).
      knowledgeDocuments: idList,
      prompts: idList,
      characters: idList,
      plugins: idList,
    }),
    () => emptyDeletions(),
  ),
  /** Usage numbers of the last answer (also from error answers, SC17). */
  stats: z._default(z.nullable(SyncStatsSchema), null),
});
export type SyncState = z.output<typeof SyncStateSchema>;

export const SYNC_STATE_KEY = 'cloudSyncState';
export const syncStateSetting = defineSetting<SyncState>(SYNC_STATE_KEY, SyncStateSchema, () =>
  SyncStateSchema.parse({}),
);

/** An empty list for each of `kinds` (a new synced kind needs no edit here). */
export function listPerKind<K extends string, T>(kinds: readonly K[]): Record<K, T[]> {
  return Object.fromEntries(kinds.map((kind) => [kind, []])) as unknown as Record<K, T[]>;
}

export function emptyDeletions(): PendingDeletions {
  return listPerKind<DeletionKind, string>(DELETION_KINDS);
}

export function unionDeletions(a: PendingDeletions, b: PendingDeletions): PendingDeletions {
  const out = emptyDeletions();
  for (const kind of DELETION_KINDS) out[kind] = [...new Set([...a[kind], ...b[kind]])];
  return out;
}

export function hasDeletions(deletions: PendingDeletions): boolean {
  return DELETION_KINDS.some((kind) => deletions[kind].length > 0);
}

export async function readSyncState(store: StoragePort): Promise<SyncState> {
  return store.settings.get(syncStateSetting);
}

export async function writeSyncState(store: StoragePort, state: SyncState): Promise<void> {
  await store.settings.set(syncStateSetting, state);
}

export async function updateSyncState(
  store: StoragePort,
  change: (state: SyncState) => SyncState,
): Promise<SyncState> {
  const next = change(await readSyncState(store));
  await writeSyncState(store, next);
  return next;
}

export type { SyncStats };
