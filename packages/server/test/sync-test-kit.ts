import { SyncResponseSchema, type SyncResponse } from '@parley/core/sync';
import { createApp, type AppDeps } from '../src/app';
import type { OpenDatabase } from '../src/db';

export const PASSWORD = 'correct horse battery';

type CallOptions = {
  body?: unknown;
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Client address the rate limiter sees. */
  from?: string;
};

export type CallResult = { status: number; headers: Headers; text: string; json: Record<string, unknown> };

/** createApp on the test's database with a fake clock, plus helpers for accounts and devices. */
export function syncTestApp(database: OpenDatabase, sync?: AppDeps['sync'], more: Partial<AppDeps> = {}) {
  const clock = { now: Date.parse('2026-03-01T10:00:00.000Z') };
  const app = createApp({ version: 'test', db: database, clock: () => clock.now, sync, ...more });

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options: CallOptions = {},
  ): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const env = { incoming: { socket: { remoteAddress: options.from ?? '203.0.113.1' } } };
    const res = await app.request(url, { method, headers, body }, env);
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not JSON: tests read `text`
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  async function signup(email: string, password = PASSWORD): Promise<{ token: string; userId: string }> {
    const res = await call('POST', '/api/auth/signup', { body: { email, password } });
    if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.text}`);
    return { token: res.json.token as string, userId: (res.json.user as { id: string }).id };
  }

  async function login(email: string, password = PASSWORD): Promise<string> {
    const res = await call('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
    return res.json.token as string;
  }

  /** One browser of a user: remembers its lastSyncAt like the client does. */
  function device(token: string) {
    let lastSyncAt: string | null = null;
    return {
      get lastSyncAt() {
        return lastSyncAt;
      },
      /** POST /api/sync; throws unless 200; the answer parsed by the shared response schema. */
      async sync(
        allData: Record<string, unknown> = {},
        extra: Record<string, unknown> = {},
      ): Promise<SyncResponse> {
        const res = await call('POST', '/api/sync', { token, body: { allData, lastSyncAt, ...extra } });
        if (res.status !== 200) throw new Error(`sync failed: ${res.status} ${res.text}`);
        const parsed = SyncResponseSchema.parse(res.json);
        lastSyncAt = parsed.lastSyncAt;
        return parsed;
      },
      raw: (body: unknown) => call('POST', '/api/sync', { token, body }),
      fullResync() {
        lastSyncAt = null;
      },
    };
  }

  return { app, clock, call, signup, login, device };
}

export type SyncTestApp = ReturnType<typeof syncTestApp>;

/** A plain chat as a client sends it, with ISO timestamps at `minute` minutes past 09:00. */
export function chatJson(id: string, minute: number, fields: Record<string, unknown> = {}) {
  const time = new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
  return {
    id,
    chatID: id,
    chatTitle: `Chat ${id}`,
    createdAt: time,
    updatedAt: time,
    messages: [],
    ...fields,
  };
}

export function messageJson(id: string, minute: number, fields: Record<string, unknown> = {}) {
  const time = new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
  return { id, role: 'user', content: `text ${id}`, createdAt: time, updatedAt: time, ...fields };
}
