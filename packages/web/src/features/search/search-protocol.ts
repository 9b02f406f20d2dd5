import type { ChatSearchIndexStats, ChatSearchResponse, SearchDocument } from '@parley/core/search';

/**
 * Messages between the search client (main thread) and the search host (Web Worker, or the same
 * code in-process where workers are missing). A discriminated union, versioned by this file:
 * client and worker are always built together.
 *
 * Index changes carry a sequence number; the host reports the last one it has applied, so the
 * client knows when the index has caught up with everything it sent (SE15, SE16).
 *
 * Two ways to feed the index: where the app's store is IndexedDB, the client sends `read-database`
 * once and then `reread-chats` with the ids of changed chats, and the host reads them from the
 * database itself (a change is applied once the chats are read and indexed). Otherwise, or when
 * the host answers `database-unavailable`, the client reads chats and sends `upsert`/`remove`.
 */
export type SearchRequest =
  | {
      readonly type: 'read-database';
      readonly seq: number;
      readonly databaseName: string;
      /**
       * [chat id, updatedAt] of every chat (deleted ones too) as the summaries say: persisted
       * entries with the same updatedAt are used as they are (SE17). Absent: re-read every chat.
       */
      readonly stamps?: readonly (readonly [string, string])[];
    }
  | { readonly type: 'reread-chats'; readonly seq: number; readonly chatIds: readonly string[] }
  | { readonly type: 'upsert'; readonly seq: number; readonly docs: readonly SearchDocument[] }
  | { readonly type: 'remove'; readonly seq: number; readonly chatIds: readonly string[] }
  | { readonly type: 'clear'; readonly seq: number }
  | {
      readonly type: 'query';
      readonly requestId: number;
      readonly query: string;
      readonly limit: number;
    }
  | { readonly type: 'stats'; readonly requestId: number };

export type SearchReply =
  | {
      readonly type: 'results';
      readonly requestId: number;
      readonly response: ChatSearchResponse;
      readonly appliedSeq: number;
      /** Time the host spent on the query (not counting the message trip). */
      readonly tookMs: number;
    }
  | { readonly type: 'applied'; readonly appliedSeq: number; readonly indexed: number }
  /** The initial database read: chats read so far of `total` (ids listed newest first). */
  | { readonly type: 'read-progress'; readonly read: number; readonly total: number }
  /**
   * Every chat of the initial database read is read (and queued for indexing): `restored` came
   * from the persisted index, `reindexed` were read from the chats table (SE17).
   */
  | { readonly type: 'read-loaded'; readonly restored: number; readonly reindexed: number }
  /** The host cannot read the database (none, newer schema, failed read): feed it from the main thread. */
  | { readonly type: 'database-unavailable'; readonly reason: string }
  | { readonly type: 'stats'; readonly requestId: number; readonly stats: ChatSearchIndexStats }
  | { readonly type: 'failed'; readonly requestId: number | null; readonly message: string };
