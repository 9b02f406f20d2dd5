import type { ChatSearchIndexStats, ChatSearchResponse, SearchDocument } from '@parley/core/search';

/**
 * Messages between the search client (main thread) and the search host (Web Worker, or the same
 * code in-process where workers are missing). A discriminated union, versioned by this file:
 * client and worker are always built together.
 *
 * Index changes carry a sequence number; the host reports the last one it has applied, so the
 * client knows when the index has caught up with everything it sent (SE15, SE16).
 */
export type SearchRequest =
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
  | { readonly type: 'stats'; readonly requestId: number; readonly stats: ChatSearchIndexStats }
  | { readonly type: 'failed'; readonly requestId: number | null; readonly message: string };
