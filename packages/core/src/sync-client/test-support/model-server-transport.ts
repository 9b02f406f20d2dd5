import { SyncRequestSchema } from '../../sync';
import { InMemorySyncServer } from '../../sync/test-support';
import type { SyncHttpRequest, SyncHttpResponse, SyncTransport } from '../ports';

const BASE = Date.parse('2026-01-01T00:00:00.000Z');
const usage = { totalUsageBytes: 10, limitUsageBytes: 100 };

/**
 * The sync server's algorithm for chats and folders (the core model in sync/test-support, built on
 * the real merge rules) behind the HTTP port, so engine tests can run whole sync rounds between
 * devices. Its clock is a counter; lastSyncAt is that counter in seconds after 2026-01-01.
 */
export class ModelServerTransport implements SyncTransport {
  constructor(readonly server = new InMemorySyncServer()) {}

  /** Another device of the same account: a transport to the same server. */
  device(): ModelServerTransport {
    return new ModelServerTransport(this.server);
  }

  async send(request: SyncHttpRequest): Promise<SyncHttpResponse> {
    if (request.path === '/api/sync/config') return { status: 200, body: { maxSyncPayloadSize: 3_000_000 } };
    if (request.path !== '/api/sync' || request.body === undefined) return { status: 404, body: {} };
    const { allData, lastSyncAt } = SyncRequestSchema.parse(JSON.parse(request.body));
    const since =
      lastSyncAt === null || lastSyncAt === undefined ? 0 : (Date.parse(lastSyncAt) - BASE) / 1000;
    const answer = this.server.sync(
      {
        chats: allData.chats,
        deletedChatIDs: allData.deletedChatIDs,
        folders: allData.folders,
        deletedFolderIDs: allData.deletedFolderIDs,
        lastSyncAt: since,
      },
      new Date(BASE).toISOString(),
    );
    const at = new Date(BASE + answer.lastSyncAt * 1000).toISOString();
    return {
      status: 200,
      body: {
        ...answer,
        lastSyncAt: at,
        ...usage,
        isPaid: false,
        maxSyncPayloadSize: 3_000_000,
        syncStats: { lastSyncAt: at, ...usage, subscriptions: [], isPaid: false, apis: [] },
      },
    };
  }

  /** The server's version of a chat or folder, tombstones included. */
  chat(id: string) {
    return this.server.chats.rows.get(id)?.value;
  }

  folder(id: string) {
    return this.server.folders.rows.get(id)?.value;
  }
}
