import { SyncErrorBodySchema } from '../sync';
import { checkedCalls } from './checked-call';
import type { SyncTransport } from './ports';
import {
  CreateShareResponseSchema,
  SHARE_PATHS,
  ShareListResponseSchema,
  type ShareLink,
  type SharedChat,
} from './share-protocol';
import { failureOfAnswer, SyncFailureError } from './sync-failure';

export interface ShareClient {
  create(chat: SharedChat): Promise<ShareLink>;
  list(): Promise<ShareLink[]>;
  revoke(id: string): Promise<void>;
}

/** The owner's side of share links (share SPEC SL1, SL4), over the sync transport and its token. */
export function createShareClient(transport: SyncTransport): ShareClient {
  const { send, call } = checkedCalls(transport, shareFailureOfAnswer);
  return {
    async create(chat) {
      return (
        await call(
          { method: 'POST', path: SHARE_PATHS.mine, body: JSON.stringify(chat) },
          CreateShareResponseSchema,
        )
      ).share;
    },
    async list() {
      return (await call({ method: 'GET', path: SHARE_PATHS.mine }, ShareListResponseSchema)).shares;
    },
    async revoke(id) {
      // A JSON body: cookie-authenticated writes must be JSON (the server's CSRF guard).
      await send({ method: 'DELETE', path: `${SHARE_PATHS.mine}/${encodeURIComponent(id)}`, body: '{}' });
    },
  };
}

/**
 * SL3, SL7: a share refused as too large (over the size of one link, or over the account's storage
 * quota) shows the server's own sentence, which says which and what to do, instead of sync's "Your
 * data is too large to sync"; the usage numbers of the answer still come along (SC17). Any other
 * answer fails as it does for sync.
 */
export function shareFailureOfAnswer(status: number, body: unknown): SyncFailureError {
  const failure = failureOfAnswer(status, body);
  if (status !== 413) return failure;
  const parsed = SyncErrorBodySchema.safeParse(body ?? {});
  const ofShare = parsed.success && parsed.data.error?.code.startsWith('payload_too_large:share');
  const message = ofShare ? parsed.data.userMessage?.trim() : undefined;
  if (!message) return failure;
  return new SyncFailureError(
    { code: 'client_error', message, status, sessionExpired: false },
    failure.stats,
  );
}
