import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { deepChat, HOSTILE_REQUESTS } from './hostile-bodies';
import { startServer, type ServerProcess } from './server-process';
import { chatJson, messageJson, PASSWORD } from './sync-test-kit';

/**
 * Hostile requests against the real server process (JB1-JB3, CO5, SY7): each is refused with its
 * status in bounded time while /api/health keeps answering, the process's peak memory stays
 * bounded, and the stored data is unchanged. Bounds are generous: a shared, slow machine must not
 * fail them; the server they guard against took 20 s and gigabytes, or died.
 */
const REFUSE_WITHIN_MS = 8_000;
const HEALTH_WITHIN_MS = 4_000;
const PEAK_RSS_MB = 800;
const QUOTA_BYTES = 1_000_000;

// One real server per database (its start costs seconds under load), shared by the tests, each
// with its own account; the tests build bodies of megabytes.
describe('hostile requests', { timeout: 180_000 }, () => {
  forEachDatabase(
    (t) => {
      let server: ServerProcess | undefined;
      beforeAll(async () => {
        const config = t.config();
        server = await startServer({
          DATA_DIR: config.dataDir,
          ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
          USER_LIMIT_USAGE_BYTES: String(QUOTA_BYTES),
          AUTH_ATTEMPTS_PER_MINUTE: '1000',
          CORS_ORIGINS: 'https://app.parley.example',
          SHARE_READS_PER_MINUTE: '2',
        });
      }, 120_000);
      afterAll(async () => {
        await server?.stop();
        server = undefined;
      });
      const start = () => server!;

      const post = (url: string, headers: Record<string, string>, body: string) =>
        fetch(url, { method: 'POST', headers, body });

      async function signup(url: string, email: string) {
        const res = await post(
          `${url}/api/auth/signup`,
          { 'content-type': 'application/json' },
          JSON.stringify({ email, password: PASSWORD }),
        );
        expect(res.status).toBe(200);
        return ((await res.json()) as { token: string }).token;
      }

      /** Everything the account holds, as a full re-sync sees it, and its usage. */
      async function snapshot(url: string, token: string) {
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const res = await post(`${url}/api/sync`, headers, JSON.stringify({ allData: {}, lastSyncAt: null }));
        expect(res.status).toBe(200);
        const body = (await res.json()) as Record<string, unknown>;
        return { chats: body.updatedChats, folders: body.updatedFolders, usage: body.totalUsageBytes };
      }

      /** Sends one request while /api/health is polled; answers the status, body and the times. */
      async function whileHealthPolls(request: () => Promise<Response>) {
        const started = performance.now();
        let done = false;
        let slowestHealthMs = 0;
        let healthAnswers = 0;
        const polling = (async () => {
          while (!done) {
            const asked = performance.now();
            const res = await fetch(`${server!.url}/api/health`);
            expect(res.status).toBe(200);
            await res.arrayBuffer();
            healthAnswers += 1;
            slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })();
        const res = await request();
        const text = await res.text();
        const ms = performance.now() - started;
        done = true;
        await polling;
        return { res, text, ms, slowestHealthMs, healthAnswers };
      }

      it('JB1-JB3 huge lists, deep nesting, long strings and wrong types are refused fast; health answers; memory bounded; data unchanged', async () => {
        const { url } = start();
        const token = await signup(url, 'jb@example.com');
        const auth = { authorization: `Bearer ${token}` };
        const stored = JSON.stringify({
          allData: { chats: [chatJson('c1', 1, { messages: [messageJson('m1', 1)] })], folders: [] },
        });
        expect(
          (await post(`${url}/api/sync`, { ...auth, 'content-type': 'application/json' }, stored)).status,
        ).toBe(200);
        const before = await snapshot(url, token);

        for (const hostile of HOSTILE_REQUESTS) {
          const body = hostile.body();
          const answer = await whileHealthPolls(() =>
            post(`${url}${hostile.path}`, { ...auth, ...hostile.headers }, body),
          );
          expect(answer.res.status, hostile.name).toBe(hostile.status);
          expect(JSON.parse(answer.text), hostile.name).toMatchObject({ error: { code: hostile.code } });
          expect(answer.ms, `${hostile.name}: refused in ${Math.round(answer.ms)} ms`).toBeLessThan(
            REFUSE_WITHIN_MS,
          );
          expect(answer.healthAnswers, hostile.name).toBeGreaterThan(0);
          expect(
            answer.slowestHealthMs,
            `${hostile.name}: health took ${Math.round(answer.slowestHealthMs)} ms`,
          ).toBeLessThan(HEALTH_WITHIN_MS);
        }

        expect(server!.peakRssMb()).toBeLessThan(PEAK_RSS_MB);
        expect(await snapshot(url, token)).toEqual(before);
      });

      it('JB2 a chat with an unknown field 60 levels deep (within the bound) syncs and comes back whole', async () => {
        const { url } = start();
        const token = await signup(url, 'deep@example.com');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const res = await post(`${url}/api/sync`, headers, `{"allData":{"chats":[${deepChat(58)}]}}`);
        expect(res.status).toBe(200);
        const { chats } = await snapshot(url, token);
        expect(JSON.stringify(chats)).toContain(`${'['.repeat(58)}${']'.repeat(58)}`);
      });

      it('SY7 upload buffers count against the account quota together, not one by one', async () => {
        const { url } = start();
        const token = await signup(url, 'quota@example.com');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const before = await snapshot(url, token);
        const bigChat = (id: string) =>
          chatJson(id, 1, { messages: [messageJson(`${id}-m`, 1, { content: 'x'.repeat(300_000) })] });
        const statuses: number[] = [];
        for (const id of ['b1', 'b2', 'b3', 'b4']) {
          const res = await post(`${url}/api/sync-buffer`, headers, JSON.stringify({ chats: [bigChat(id)] }));
          statuses.push(res.status);
          const body = (await res.json()) as Record<string, unknown>;
          if (res.status === 413)
            expect(body).toMatchObject({ error: { code: 'payload_too_large:sync_quota' } });
        }
        // Three buffers of 300 kB fit a 1 MB quota; the fourth would not, whatever buffer it goes to.
        expect(statuses).toEqual([200, 200, 200, 413]);
        expect(await snapshot(url, token)).toEqual(before);
      });

      it('JB1 CO5 wrong content types and other origins cannot sign in or use the cookie', async () => {
        const { url } = start();
        const token = await signup(url, 'origin@example.com');
        const credentials = JSON.stringify({ email: 'origin@example.com', password: PASSWORD });

        const plain = await post(
          `${url}/api/auth/login`,
          { 'content-type': 'text/plain', origin: 'https://evil.example' },
          credentials,
        );
        expect(plain.status).toBe(403); // the origin is checked before the body
        expect(plain.headers.get('set-cookie')).toBeNull();
        const plainSameOrigin = await post(
          `${url}/api/auth/login`,
          { 'content-type': 'text/plain' },
          credentials,
        );
        expect(plainSameOrigin.status).toBe(415);

        const evilLogin = await post(
          `${url}/api/auth/login`,
          { 'content-type': 'application/json', origin: 'https://evil.example' },
          credentials,
        );
        expect(evilLogin.status).toBe(403);
        expect(await evilLogin.json()).toMatchObject({ error: { code: 'forbidden:origin' } });
        expect(evilLogin.headers.get('set-cookie')).toBeNull();

        const cookie = { cookie: `parley_cloud_token=${token}`, 'content-type': 'application/json' };
        const sync = JSON.stringify({ allData: {} });
        const evilSync = await post(`${url}/api/sync`, { ...cookie, origin: 'https://evil.example' }, sync);
        expect(evilSync.status).toBe(403);
        const nullOrigin = await post(`${url}/api/sync`, { ...cookie, origin: 'null' }, sync);
        expect(nullOrigin.status).toBe(403);
        const listed = await post(
          `${url}/api/sync`,
          { ...cookie, origin: 'https://app.parley.example' },
          sync,
        );
        expect(listed.status).toBe(200);
        const sameOrigin = await post(`${url}/api/sync`, { ...cookie, origin: url }, sync);
        expect(sameOrigin.status).toBe(200);
      });

      /** A GET from one loopback address (127.0.0.0/8 is all this host): one reader on the internet. */
      const getFrom = (url: string, localAddress: string) =>
        new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
          http
            .get(url, { localAddress, agent: false }, (res) => {
              res.resume();
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }),
              );
            })
            .on('error', reject);
        });

      it('SL12 SHARE_READS_PER_MINUTE limits each reader of the real server by the address it connects from', async () => {
        const { url } = start();
        const token = await signup(url, 'share@example.com');
        const created = await post(
          `${url}/api/shares`,
          { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          JSON.stringify({
            chatId: 'ch-1',
            title: 'Trip',
            createdAt: '2026-11-25T10:00:00.000Z',
            messages: [{ role: 'user', content: 'Where to?' }],
          }),
        );
        const { share } = (await created.json()) as { share: { id: string } };
        const link = `${url}/api/public/shares/${share.id}`;
        const reader = [await getFrom(link, '127.0.0.1'), await getFrom(link, '127.0.0.1')];
        expect(reader.map((answer) => answer.status)).toEqual([200, 200]);
        const refused = await getFrom(link, '127.0.0.1');
        expect(refused.status).toBe(429);
        expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        expect((await getFrom(link, '127.0.1.2')).status).toBe(200);
      });
    },
    { shared: true },
  );
});
