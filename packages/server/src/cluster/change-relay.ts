import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db';
import type { SyncEventHub } from '../sync/sync-events';

/** The PostgreSQL channel every server process of one database listens on (CL1). */
export const SYNC_CHANGE_CHANNEL = 'parley_sync_changes';

const RECONNECT_MS = 1000;

/** What one notification carries: who changed, when, whose stream not to wake, and which process sent it. */
const ChangeNoticeSchema = z.object({
  u: z.string().min(1),
  at: z.string().min(1),
  x: z.string().optional(),
  p: z.string().min(1),
});

export type ChangeRelayDeps = {
  connectionString: string;
  db: Kysely<Database>;
  hub: SyncEventHub;
  /** This process's id: its own notices come back to it and are skipped (its hub told its streams). */
  processId: string;
  onError?: (message: string) => void;
  clock?: () => number;
};

/**
 * CL1 (decision 0120): carries each change across server processes on one PostgreSQL. A sync's
 * change goes out as `pg_notify` after its transaction committed; each process holds one dedicated
 * connection that LISTENs and hands what others sent to its own hub. No record data travels, only
 * the account id and the stamp. A lost connection is opened again, and every local stream is then
 * woken once, since changes sent meanwhile were not heard.
 */
export class PostgresChangeRelay {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private readonly onError;
  private readonly clock;

  constructor(private readonly deps: ChangeRelayDeps) {
    this.onError = deps.onError ?? (() => {});
    this.clock = deps.clock ?? Date.now;
  }

  /** Listens, then relays the hub's changes; resolves once the LISTEN is in place. */
  async start(): Promise<void> {
    await this.connect();
    this.deps.hub.relayTo((userId, at, exceptListenerId) => this.publish(userId, at, exceptListenerId));
  }

  /** Sends a change to the other processes; a failure is logged, the sync itself went through. */
  publish(userId: string, at: string, exceptListenerId: string | undefined): void {
    const notice = JSON.stringify({ u: userId, at, x: exceptListenerId, p: this.deps.processId });
    sql`select pg_notify(${SYNC_CHANGE_CHANNEL}, ${notice})`
      .execute(this.deps.db)
      .catch((error: unknown) => this.onError(`change notification not sent: ${String(error)}`));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.deps.hub.relayTo(undefined);
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.deps.connectionString });
    client.on('notification', (message) => this.receive(message.payload));
    client.on('error', (error) => {
      this.onError(`change listener connection failed: ${String(error)}`);
      this.reconnectLater(client);
    });
    client.on('end', () => this.reconnectLater(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SYNC_CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) await client.end().catch(() => {});
    else this.client = client;
  }

  private receive(payload: string | undefined): void {
    let parsed;
    try {
      parsed = ChangeNoticeSchema.safeParse(JSON.parse(payload ?? ''));
    } catch {
      return;
    }
    if (!parsed.success || parsed.data.p === this.deps.processId) return;
    this.deps.hub.deliver(parsed.data.u, parsed.data.at, parsed.data.x);
  }

  private reconnectLater(lost: pg.Client): void {
    if (this.stopped || this.client !== lost) return;
    this.client = undefined;
    lost.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.stopped) return;
      this.connect().then(
        () => this.deps.hub.wakeAll(new Date(this.clock()).toISOString()),
        (error: unknown) => {
          this.onError(`change listener reconnect failed: ${String(error)}`);
          this.scheduleReconnect();
        },
      );
    }, RECONNECT_MS);
    this.retry.unref?.();
  }
}
