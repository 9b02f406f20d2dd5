import { z } from 'zod/mini';
import { SyncStatsSchema } from '../sync';
import type { Unsubscribe } from '../storage';

/**
 * How the tabs of one browser profile agree on which of them syncs (SC21). The web app supplies
 * the Web Locks API and a BroadcastChannel; tests supply in-memory fakes (test-support/).
 */

/** The lock every tab asks for; its holder is the sync leader. */
export const SYNC_LEADER_LOCK = 'parley-sync-leader';
/** The channel the tabs talk over. */
export const SYNC_TABS_CHANNEL = 'parley-sync-tabs';

/** What a tab's lock request calls back. */
export interface TabLockHandlers {
  /** This tab holds the lock now. */
  onAcquired(): void;
  /** Another tab took the lock away (a steal) while this one held it (SC25). */
  onLost(): void;
}

/** Exclusive named locks shared by the tabs (Web Locks in the browser). */
export interface TabLocks {
  /**
   * Waits until this tab holds `name`, then calls `onAcquired`. The tab holds it until the returned
   * function is called, the tab closes or another tab steals it (`onLost`); calling the returned
   * function while still waiting withdraws the request. With `steal` the lock is granted at once,
   * taken from the tab that holds it.
   */
  acquire(name: string, handlers: TabLockHandlers, options?: { readonly steal?: boolean }): () => void;
}

/** Messages to and from the other tabs (BroadcastChannel in the browser: a tab never hears itself). */
export interface TabChannel {
  post(message: SyncTabMessage): void;
  /** Messages from other tabs, unparsed: they may come from another version of the app. */
  subscribe(listener: (message: unknown) => void): Unsubscribe;
}

export interface TabCoordination {
  readonly locks: TabLocks;
  readonly channel: TabChannel;
  /** Whether the user can see this tab; absent: always. Only a visible tab takes over (SC25). */
  readonly isVisible?: () => boolean;
}

const SyncFailureSchema = z.object({
  code: z.enum([
    'too_large',
    'disabled',
    'client_error',
    'unexpected',
    'leader_unresponsive',
    'incompatible',
  ]),
  message: z.string(),
  status: z.optional(z.number()),
  sessionExpired: z.boolean(),
});

const SyncSnapshotSchema = z.object({
  status: z.enum(['init', 'scheduled', 'started', 'ready', 'error']),
  failure: z.nullable(SyncFailureSchema),
  lastSyncAt: z.nullable(z.string()),
  stats: z.nullable(SyncStatsSchema),
});

/** What a follower asks the leader to do. */
export const TabSyncRunSchema = z.enum(['schedule', 'sync', 'full']);
export type TabSyncRun = z.output<typeof TabSyncRunSchema>;

/**
 * Version 1 of the tab protocol. A tab ignores what does not parse (a tab still running an older
 * version of the app), so a version change at worst leaves followers showing a stale status.
 */
const v = z.literal(1);
export const SyncTabMessageSchema = z.discriminatedUnion('type', [
  /** A tab started: the leader answers with its status. */
  z.object({ v, type: z.literal('hello') }),
  /** A tab became the leader: followers send again what the last leader left unanswered. */
  z.object({ v, type: z.literal('leader') }),
  /** The leader's status, after every change of it. */
  z.object({ v, type: z.literal('status'), snapshot: SyncSnapshotSchema }),
  /**
   * A follower's "sync now", "full re-sync" or "schedule a sync"; `at`: when it was sent (ms, this
   * machine's clock; absent from older tabs), so a leader that wakes late skips it (SC25).
   */
  z.object({
    v,
    type: z.literal('request'),
    id: z.string(),
    run: TabSyncRunSchema,
    at: z.optional(z.number()),
  }),
  /** The leader ran request `id`; its status after the run. */
  z.object({ v, type: z.literal('done'), id: z.string(), snapshot: SyncSnapshotSchema }),
]);
export type SyncTabMessage = z.output<typeof SyncTabMessageSchema>;
