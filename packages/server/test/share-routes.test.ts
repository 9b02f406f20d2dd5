import { PublicShareResponseSchema } from '@parley/core/sync-client';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db';
import { forEachDatabase } from './db-harness';
import { syncTestApp, type SyncTestApp } from './sync-test-kit';

const chat = (messages = 2) => ({
  chatId: 'ch-1',
  title: 'Trip to Lisbon',
  model: 'gpt-5.1',
  createdAt: '2026-11-25T10:00:00.000Z',
  messages: Array.from({ length: messages }, (_, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: i === 1 ? '<script>alert(1)</script> **Lisbon**' : 'Where should I go?',
  })),
});

/** A chat of about `kilobytes` kB of JSON in two messages. */
const bigChat = (kilobytes: number) => ({
  ...chat(),
  messages: [
    { role: 'user', content: 'Summarise this.' },
    { role: 'assistant', content: 'x'.repeat(kilobytes * 1000) },
  ],
});

async function usageOf(kit: SyncTestApp, token: string): Promise<number> {
  const self = await kit.call('GET', '/api/hosted/users/self', { token });
  return self.json.totalUsageBytes as number;
}

async function share(kit: SyncTestApp, token: string, body: unknown = chat()): Promise<string> {
  const created = await kit.call('POST', '/api/shares', { token, body });
  if (created.status !== 200) throw new Error(`share failed: ${created.status} ${created.text}`);
  return (created.json.share as { id: string }).id;
}

describe('share links', () => {
  forEachDatabase((t) => {
    it('SL1 SL2 SL4 SL5 a link is created by its owner, read by anyone, listed and revoked at once', async () => {
      const kit = syncTestApp(t.database());
      const ada = (await kit.signup('ada@example.com')).token;
      const bob = (await kit.signup('bob@example.com')).token;
      const created = await kit.call('POST', '/api/shares', { token: ada, body: chat() });
      expect(created.status).toBe(200);
      const share = (created.json as { share: { id: string; messages: number } }).share;
      expect(share.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(share.messages).toBe(2);

      const read = await kit.call('GET', `/api/public/shares/${share.id}`);
      expect(read.status).toBe(200);
      expect(read.headers.get('x-robots-tag')).toContain('noindex');
      expect(
        (read.json as { share: { messages: { content: string }[] } }).share.messages[1]?.content,
      ).toContain('<script>');

      expect(
        ((await kit.call('GET', '/api/shares', { token: ada })).json as { shares: unknown[] }).shares,
      ).toHaveLength(1);
      expect(
        ((await kit.call('GET', '/api/shares', { token: bob })).json as { shares: unknown[] }).shares,
      ).toHaveLength(0);
      // Only the owner revokes.
      expect((await kit.call('DELETE', `/api/shares/${share.id}`, { token: bob })).status).toBe(404);
      expect((await kit.call('DELETE', `/api/shares/${share.id}`, { token: ada })).status).toBe(204);
      expect((await kit.call('GET', `/api/public/shares/${share.id}`)).status).toBe(404);
      expect((await kit.call('GET', '/api/public/shares/not-an-id')).status).toBe(404);
      expect((await kit.call('GET', '/api/public/shares/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    });

    it('SL1 SL3 SL6 bad snapshots, oversized ones and unsigned callers are refused; off with SYNC_DISABLED', async () => {
      const kit = syncTestApp(t.database());
      const ada = (await kit.signup('ada@example.com')).token;
      expect((await kit.call('POST', '/api/shares', { body: chat() })).status).toBe(401);
      expect((await kit.call('POST', '/api/shares', { token: ada, body: chat(0) })).status).toBe(400);
      expect(
        (
          await kit.call('POST', '/api/shares', {
            token: ada,
            body: { ...chat(), messages: [{ role: 'system', content: 'x' }] },
          })
        ).status,
      ).toBe(400);
      const huge = {
        ...chat(),
        messages: Array.from({ length: 6 }, () => ({ role: 'user', content: 'x'.repeat(999_000) })),
      };
      const refused = await kit.call('POST', '/api/shares', { token: ada, body: huge });
      expect(refused.status).toBe(413);
      expect(refused.text).toContain('too large to share');
      const off = syncTestApp(t.database(), { disabled: true });
      const token = (await off.signup('cy@example.com')).token;
      expect((await off.call('POST', '/api/shares', { token, body: chat() })).status).toBe(503);
    });

    it('SL7 a link counts in its owner usage; one over the quota is 413 share_quota and stores nothing; revoking frees its bytes', async () => {
      const kit = syncTestApp(t.database(), { userLimitUsageBytes: 200_000 });
      const { token } = await kit.signup('ada@example.com');
      const first = await share(kit, token, bigChat(120));
      const used = await usageOf(kit, token);
      expect(used).toBeGreaterThan(120_000);
      // A sync reports the same usage.
      expect((await kit.device(token).sync()).totalUsageBytes).toBe(used);

      const refused = await kit.call('POST', '/api/shares', { token, body: bigChat(100) });
      expect(refused.status).toBe(413);
      expect(refused.json).toMatchObject({
        error: { code: 'payload_too_large:share_quota' },
        totalUsageBytes: used,
        limitUsageBytes: 200_000,
        isPaid: false,
      });
      expect(refused.json.userMessage).toBe(
        'This chat is too large to share: your account would go over its storage limit (0.1 MB of 0.2 MB used; share links count too). Revoke links you no longer need or share a shorter chat.',
      );
      expect(await usageOf(kit, token)).toBe(used);
      const listed = await kit.call('GET', '/api/shares', { token });
      expect((listed.json.shares as { id: string }[]).map((link) => link.id)).toEqual([first]);

      expect((await kit.call('DELETE', `/api/shares/${first}`, { token })).status).toBe(204);
      expect(await usageOf(kit, token)).toBe(0);
      await share(kit, token, bigChat(100));
    });

    it('SL7 links stored before the upgrade join their owner usage when the database is migrated', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token, userId } = await kit.signup('ada@example.com');
      // The database as it was: no etag column, shares outside the usage (and no later migration:
      // a migration added later is undone here too, and listed below).
      for (const table of [
        'scim_group_members',
        'scim_groups',
        'scim_users',
        'sso_login_states',
        'user_identities',
      ])
        await database.db.schema.dropTable(table).execute();
      for (const table of [
        'hosted_usage',
        'hosted_counters',
        'hosted_limits',
        'hosted_models',
        'hosted_providers',
      ]) {
        await database.db.schema.dropTable(table).execute();
      }
      await database.db.schema.dropTable('audit_log').execute();
      for (const table of ['cluster_leases', 'rate_limit_windows', 'byte_budgets'])
        await database.db.schema.dropTable(table).execute();
      for (const table of ['org_shared_items', 'invites'])
        await database.db.schema.dropTable(table).execute();
      for (const column of ['role', 'deactivated_at', 'display_name']) {
        await database.db.schema.alterTable('users').dropColumn(column).execute();
      }
      await database.db.schema.dropIndex('sync_buffers_user').execute();
      await database.db.schema.alterTable('users').dropColumn('buffered_bytes').execute();
      await sql`alter table shared_chats drop column etag`.execute(database.db);
      await sql`delete from kysely_migration where name >= '2026_11_27_0001_share_usage_etag'`.execute(
        database.db,
      );
      await sql`insert into shared_chats (id, user_id, chat_id, title, created_at, data, message_count, size_bytes)
        values ('AAAAAAAAAAAAAAAAAAAAAA', ${userId}, 'ch-1', 'Old', 1, '{}', 1, 4000)`.execute(database.db);
      // Read from the row: the server of today cannot run on the schema of then.
      const stored = await database.db
        .selectFrom('users')
        .select('total_usage_bytes')
        .executeTakeFirstOrThrow();
      expect(stored.total_usage_bytes).toBe(0);
      expect(await migrateToLatest(database)).toEqual([
        '2026_11_27_0001_share_usage_etag',
        '2026_11_28_0001_buffered_bytes',
        '2026_11_29_0010_account_roles',
        '2026_11_29_0020_sso',
        '2026_11_29_0021_scim',
        '2026_11_29_0030_audit_log',
        '2026_11_29_0031_shared_content_invites',
        '2026_11_29_0040_hosted_models',
        '2026_11_29_0050_cluster',
      ]);
      expect(await usageOf(kit, token)).toBe(4000);
    });

    it('SL8 a snapshot with a date that is not one, an unknown field or a field out of bounds is 400 and nothing is stored', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const message = { role: 'user', content: 'Hello' };
      const bad: [string, unknown][] = [
        ['createdAt "not-a-date"', { ...chat(), createdAt: 'not-a-date' }],
        ['createdAt a date without a time', { ...chat(), createdAt: '2026-11-25' }],
        ['createdAt a number', { ...chat(), createdAt: 1_764_064_800_000 }],
        ['a message dated "yesterday"', { ...chat(), messages: [{ ...message, createdAt: 'yesterday' }] }],
        ['an unknown chat field', { ...chat(), html: '<b>hi</b>' }],
        ['an unknown message field', { ...chat(), messages: [{ ...message, html: '<b>hi</b>' }] }],
        ['a title of 301 characters', { ...chat(), title: 't'.repeat(301) }],
        ['an empty chat id', { ...chat(), chatId: '' }],
        ['a model name of 201 characters', { ...chat(), model: 'm'.repeat(201) }],
        ['5,001 messages', { ...chat(), messages: Array.from({ length: 5001 }, () => message) }],
        ['no title', { ...chat(), title: undefined }],
      ];
      for (const [name, body] of bad) {
        const res = await kit.call('POST', '/api/shares', { token, body });
        expect(res.status, name).toBe(400);
        expect(res.json, name).toMatchObject({ error: { code: 'bad_request:body' } });
      }
      expect((await kit.call('GET', '/api/shares', { token })).json.shares).toEqual([]);
      expect(await usageOf(kit, token)).toBe(0);
      // Dates with an offset are ISO dates too.
      await share(kit, token, { ...chat(), createdAt: '2026-11-25T10:00:00+01:00' });
    });

    it('SL9 a read carries a strong ETag and private, no-cache; If-None-Match answers 304 without a body; a revoked link is 404 even then', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const id = await share(kit, token);
      const read = await kit.call('GET', `/api/public/shares/${id}`);
      expect(read.status).toBe(200);
      const etag = read.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
      expect(read.headers.get('cache-control')).toBe('private, no-cache');
      expect(read.headers.get('x-robots-tag')).toBe('noindex, nofollow');

      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await kit.call('GET', `/api/public/shares/${id}`, {
          headers: { 'if-none-match': header },
        });
        expect(again.status, header).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.get('etag')).toBe(etag);
        expect(again.headers.get('cache-control')).toBe('private, no-cache');
      }
      const other = await kit.call('GET', `/api/public/shares/${id}`, {
        headers: { 'if-none-match': '"something-else"' },
      });
      expect(other.status).toBe(200);
      expect(other.text).toBe(read.text);
      // Another snapshot of the same chat is another version.
      const second = await share(kit, token, { ...chat(), title: 'Trip to Porto' });
      expect((await kit.call('GET', `/api/public/shares/${second}`)).headers.get('etag')).not.toBe(etag);

      expect((await kit.call('DELETE', `/api/shares/${id}`, { token })).status).toBe(204);
      const gone = await kit.call('GET', `/api/public/shares/${id}`, { headers: { 'if-none-match': etag } });
      expect(gone.status).toBe(404);
    });

    it('SL9 SL11 a revalidation and a repeated read do not read the stored snapshot again', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token } = await kit.signup('ada@example.com');
      const id = await share(kit, token);
      const read = await kit.call('GET', `/api/public/shares/${id}`);
      const etag = read.headers.get('etag') ?? '';
      // Were the snapshot read (or parsed) again, these answers would change.
      await database.db.updateTable('shared_chats').set({ data: '"changed"' }).where('id', '=', id).execute();
      const revalidated = await kit.call('GET', `/api/public/shares/${id}`, {
        headers: { 'if-none-match': etag },
      });
      expect(revalidated.status).toBe(304);
      const again = await kit.call('GET', `/api/public/shares/${id}`);
      expect(again.status).toBe(200);
      expect(again.text).toBe(read.text);
    });

    it('SL11 a reader who accepts gzip gets a compressed copy under an ETag of its own that revalidates', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const id = await share(kit, token, bigChat(200));
      const url = `/api/public/shares/${id}`;
      const plain = await kit.app.request(url);
      const plainBytes = Buffer.from(await plain.arrayBuffer());
      const gzipRead = async () => kit.app.request(url, { headers: { 'accept-encoding': 'gzip' } });
      const zipped = await gzipRead();
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toBe('Accept-Encoding');
      const zippedBytes = Buffer.from(await zipped.arrayBuffer());
      expect(zippedBytes.length).toBeLessThan(plainBytes.length / 10);
      expect(gunzipSync(zippedBytes).equals(plainBytes)).toBe(true);
      // Made once: the next reader gets the same bytes.
      expect(Buffer.from(await (await gzipRead()).arrayBuffer()).equals(zippedBytes)).toBe(true);
      const etag = zipped.headers.get('etag') ?? '';
      expect(etag).not.toBe(plain.headers.get('etag'));
      const revalidated = await kit.app.request(url, {
        headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
      });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(etag);
    });

    it('SL10 a link stored before the strict schema, with a date that is not one, still reads as a page the app can show', async () => {
      const database = t.database();
      const kit = syncTestApp(database);
      const { token, userId } = await kit.signup('ada@example.com');
      const stored = JSON.stringify({
        chatId: 'ch-old',
        title: 'Old trip',
        model: 'gpt-4o',
        createdAt: 'not-a-date',
        messages: [
          { role: 'user', content: 'Where to?', model: null, createdAt: 'yesterday' },
          {
            role: 'assistant',
            content: '**Lisbon**',
            model: 'gpt-4o',
            createdAt: '2025-01-02T03:04:05.000Z',
          },
          { role: 'system', content: 'hidden' },
        ],
        extra: 'dropped',
      });
      const createdAt = Date.parse('2025-01-02T03:00:00.000Z');
      await database.db
        .insertInto('shared_chats')
        .values({
          id: 'BBBBBBBBBBBBBBBBBBBBBB',
          user_id: userId,
          chat_id: 'ch-old',
          title: 'Old trip',
          created_at: createdAt,
          data: stored,
          message_count: 3,
          size_bytes: Buffer.byteLength(stored),
        })
        .execute();
      await database.db
        .updateTable('users')
        .set({ total_usage_bytes: Buffer.byteLength(stored) })
        .where('id', '=', userId)
        .execute();

      const read = await kit.call('GET', '/api/public/shares/BBBBBBBBBBBBBBBBBBBBBB');
      expect(read.status).toBe(200);
      // What the page parses, so it renders rather than failing or going blank.
      const page = PublicShareResponseSchema.parse(read.json);
      expect(page.share).toEqual({
        chatId: 'ch-old',
        title: 'Old trip',
        model: 'gpt-4o',
        createdAt: new Date(createdAt).toISOString(),
        messages: [
          { role: 'user', content: 'Where to?', model: null, createdAt: null },
          {
            role: 'assistant',
            content: '**Lisbon**',
            model: 'gpt-4o',
            createdAt: '2025-01-02T03:04:05.000Z',
          },
        ],
      });
      expect(Number.isNaN(Date.parse(page.share.createdAt))).toBe(false);
      // Repaired once: stored back with its ETag, its new size in the usage.
      const again = await kit.call('GET', '/api/public/shares/BBBBBBBBBBBBBBBBBBBBBB');
      expect(again.text).toBe(read.text);
      expect(again.headers.get('etag')).toBe(read.headers.get('etag'));
      expect(await usageOf(kit, token)).toBe(Buffer.byteLength(JSON.stringify(page.share)));
    });

    it('SL12 anonymous reads past SHARE_READS_PER_MINUTE from one address are 429 with Retry-After; other addresses still read', async () => {
      const kit = syncTestApp(t.database(), { shareReadsPerMinute: 3 });
      const { token } = await kit.signup('ada@example.com');
      const id = await share(kit, token);
      const from = '198.51.100.7';
      for (let n = 0; n < 3; n += 1)
        expect((await kit.call('GET', `/api/public/shares/${id}`, { from })).status).toBe(200);
      const limited = await kit.call('GET', `/api/public/shares/${id}`, { from });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('60');
      expect(limited.json).toMatchObject({ error: { code: 'rate_limited:share' } });
      // Unknown ids count too: guessing costs the same.
      expect((await kit.call('GET', '/api/public/shares/not-an-id', { from })).status).toBe(429);
      expect((await kit.call('GET', `/api/public/shares/${id}`, { from: '198.51.100.8' })).status).toBe(200);
      kit.clock.now += 60_000;
      expect((await kit.call('GET', `/api/public/shares/${id}`, { from })).status).toBe(200);
    });

    it('SL13 past SHARE_BYTES_PER_SECOND of shared chats, all readers together, a read is 503 with Retry-After; revalidations still answer', async () => {
      const kit = syncTestApp(t.database(), { shareBytesPerSecond: 1000 });
      const { token } = await kit.signup('ada@example.com');
      const id = await share(kit, token, bigChat(2));
      const first = await kit.call('GET', `/api/public/shares/${id}`, { from: '198.51.100.1' });
      expect(first.status).toBe(200);
      // The first answer (over 2 kB) spent more than a second's budget: the next reader waits.
      const busy = await kit.call('GET', `/api/public/shares/${id}`, { from: '198.51.100.2' });
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe(String(Math.ceil((first.text.length - 1000) / 1000)));
      expect(busy.json).toMatchObject({ error: { code: 'unavailable:share' } });
      const revalidated = await kit.call('GET', `/api/public/shares/${id}`, {
        from: '198.51.100.2',
        headers: { 'if-none-match': first.headers.get('etag') ?? '' },
      });
      expect(revalidated.status).toBe(304);
      kit.clock.now += Number(busy.headers.get('retry-after')) * 1000;
      expect((await kit.call('GET', `/api/public/shares/${id}`, { from: '198.51.100.2' })).status).toBe(200);
    });
  });
});
