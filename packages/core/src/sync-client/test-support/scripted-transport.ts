import type { SyncHttpRequest, SyncHttpResponse, SyncTransport } from '../ports';

export type RecordedRequest = { method: string; path: string; body: Record<string, unknown> | undefined };
type Handler = (request: RecordedRequest) => SyncHttpResponse | Promise<SyncHttpResponse>;

/**
 * A fake sync server for unit tests: records every request (body parsed) and answers with the
 * handler given for its path, else a minimal successful sync answer.
 */
export class ScriptedTransport implements SyncTransport {
  readonly requests: RecordedRequest[] = [];
  private readonly handlers = new Map<string, Handler>();
  private stamp = Date.parse('2026-01-01T00:00:00.000Z');

  constructor(private readonly maxSyncPayloadSize = 3_000_000) {}

  on(path: string, handler: Handler): this {
    this.handlers.set(path, handler);
    return this;
  }

  async send(request: SyncHttpRequest): Promise<SyncHttpResponse> {
    const recorded: RecordedRequest = {
      method: request.method,
      path: request.path,
      body: request.body === undefined ? undefined : (JSON.parse(request.body) as Record<string, unknown>),
    };
    this.requests.push(recorded);
    const handler = this.handlers.get(request.path);
    if (handler) return handler(recorded);
    if (request.path === '/api/sync/config')
      return { status: 200, body: { maxSyncPayloadSize: this.maxSyncPayloadSize } };
    if (request.path === '/api/sync') return { status: 200, body: this.syncAnswer() };
    return { status: 404, body: { error: { code: 'not_found:route', message: 'no route' } } };
  }

  /** A successful answer with nothing changed; `fields` override or add to it. */
  syncAnswer(fields: Record<string, unknown> = {}): Record<string, unknown> {
    this.stamp += 1000;
    const lastSyncAt = new Date(this.stamp).toISOString();
    return {
      lastSyncAt,
      totalUsageBytes: 10,
      limitUsageBytes: 100,
      isPaid: false,
      maxSyncPayloadSize: this.maxSyncPayloadSize,
      syncStats: {
        lastSyncAt,
        totalUsageBytes: 10,
        limitUsageBytes: 100,
        subscriptions: [],
        isPaid: false,
        apis: [],
      },
      ...fields,
    };
  }

  syncRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path === '/api/sync');
  }

  lastSyncBody(): { allData: Record<string, unknown>; lastSyncAt: unknown; syncBufferID?: unknown } {
    const last = this.syncRequests().at(-1);
    if (!last?.body) throw new Error('no sync request yet');
    return last.body as never;
  }
}
