import { checkedCalls } from './checked-call';
import type { SyncTransport } from './ports';
import {
  CreateShareResponseSchema,
  SHARE_PATHS,
  ShareListResponseSchema,
  type ShareLink,
  type SharedChat,
} from './share-protocol';

export interface ShareClient {
  create(chat: SharedChat): Promise<ShareLink>;
  list(): Promise<ShareLink[]>;
  revoke(id: string): Promise<void>;
}

/** The owner's side of share links (share SPEC SL1, SL4), over the sync transport and its token. */
export function createShareClient(transport: SyncTransport): ShareClient {
  const { send, call } = checkedCalls(transport);
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
