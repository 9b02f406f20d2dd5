import type { z } from 'zod';
import type { SyncHttpRequest, SyncTransport } from './ports';
import {
  CreateShareResponseSchema,
  SHARE_PATHS,
  ShareListResponseSchema,
  type ShareLink,
  type SharedChat,
} from './share-protocol';
import { failureOfAnswer, SyncFailureError, unexpectedFailure } from './sync-failure';

export interface ShareClient {
  create(chat: SharedChat): Promise<ShareLink>;
  list(): Promise<ShareLink[]>;
  revoke(id: string): Promise<void>;
}

/** The owner's side of share links (share SPEC SL1, SL4), over the sync transport and its token. */
export function createShareClient(transport: SyncTransport): ShareClient {
  const send = async (request: SyncHttpRequest) => {
    const answer = await transport.send(request).catch((error: unknown) => {
      throw new SyncFailureError(unexpectedFailure(), null, { cause: error });
    });
    if (answer.status < 200 || answer.status >= 300) throw failureOfAnswer(answer.status, answer.body);
    return answer;
  };
  const parse = <T extends z.ZodType>(body: unknown, schema: T): z.output<T> => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new SyncFailureError(unexpectedFailure(), null, { cause: parsed.error });
    return parsed.data;
  };
  return {
    async create(chat) {
      const answer = await send({ method: 'POST', path: SHARE_PATHS.mine, body: JSON.stringify(chat) });
      return parse(answer.body, CreateShareResponseSchema).share;
    },
    async list() {
      return parse((await send({ method: 'GET', path: SHARE_PATHS.mine })).body, ShareListResponseSchema)
        .shares;
    },
    async revoke(id) {
      // A JSON body: cookie-authenticated writes must be JSON (the server's CSRF guard).
      await send({ method: 'DELETE', path: `${SHARE_PATHS.mine}/${encodeURIComponent(id)}`, body: '{}' });
    },
  };
}
