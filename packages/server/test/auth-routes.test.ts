import { HostedUserSelfSchema, syncMessages } from '@parley/core/sync';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password-hash';
import { forEachDatabase } from './db-harness';
import { PASSWORD, syncTestApp } from './sync-test-kit';

describe('account routes', () => {
  forEachDatabase((t) => {
    it('AU1 signup answers a token and the user; the email is stored lower-cased; the password hashed with scrypt', async () => {
      const kit = syncTestApp(t.database());
      const res = await kit.call('POST', '/api/auth/signup', {
        body: { email: '  Ada@Example.COM', password: PASSWORD },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        user: { id: expect.any(String), email: 'ada@example.com', createdAt: '2026-03-01T10:00:00.000Z' },
      });
      const row = await t.database().db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(row.email).toBe('ada@example.com');
      expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(row.password_hash).not.toContain(PASSWORD);
      expect(await verifyPassword(PASSWORD, row.password_hash)).toBe(true);
      const tokens = await t.database().db.selectFrom('auth_tokens').selectAll().execute();
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(tokens[0]!.token_hash).not.toBe(res.json.token);
    });

    it('AU1 login with the right password answers a new token; a wrong password or unknown email is 401', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const again = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ADA@example.com', password: PASSWORD },
      });
      expect(again.status).toBe(200);
      expect(again.json.token).not.toBe(token);
      for (const body of [
        { email: 'ada@example.com', password: 'wrong password' },
        { email: 'nobody@example.com', password: PASSWORD },
      ]) {
        const refused = await kit.call('POST', '/api/auth/login', { body });
        expect(refused.status).toBe(401);
        expect(refused.json).toEqual({
          error: { code: 'unauthorized:credentials', message: 'Incorrect email or password.' },
          userMessage: 'Incorrect email or password.',
        });
      }
    });

    it('AU1 a duplicate email (any case) is 409; bad bodies are 400 with a userMessage', async () => {
      const kit = syncTestApp(t.database());
      await kit.signup('ada@example.com');
      const duplicate = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'Ada@Example.com', password: PASSWORD },
      });
      expect(duplicate.status).toBe(409);
      expect(duplicate.json).toMatchObject({
        error: { code: 'conflict:auth_email' },
        userMessage: 'An account with this email already exists.',
      });
      for (const body of [
        { email: 'x@example.com', password: 'short' },
        { email: 'not-an-email', password: PASSWORD },
        {},
      ]) {
        const res = await kit.call('POST', '/api/auth/signup', { body });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({
          error: { code: 'bad_request:body' },
          userMessage: expect.any(String),
        });
      }
    });

    it('AU2 GET /api/hosted/users/self answers the user and usage; 401 with userMessage without a valid token', async () => {
      const kit = syncTestApp(t.database(), { userLimitUsageBytes: 5_000_000 });
      const { token, userId } = await kit.signup('ada@example.com');
      const self = await kit.call('GET', '/api/hosted/users/self', { token });
      expect(self.status).toBe(200);
      expect(HostedUserSelfSchema.parse(self.json)).toEqual({
        user: { id: userId, email: 'ada@example.com', createdAt: '2026-03-01T10:00:00.000Z' },
        totalUsageBytes: 0,
        limitUsageBytes: 5_000_000,
        isPaid: false,
        role: 'member',
        // HM10: the member's plan for the organisation's models (none offered here).
        hosted: expect.objectContaining({ available: false, limits: {} }),
      });
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer nope' },
        { authorization: `Bearer ${'A'.repeat(43)}` },
      ]) {
        const res = await kit.call('GET', '/api/hosted/users/self', { headers });
        expect(res.status).toBe(401);
        expect(res.json).toMatchObject({
          error: { code: 'unauthorized:auth' },
          userMessage: syncMessages.sessionExpired,
        });
      }
    });

    it('AU3 logout revokes the presented token only, and clears the cookie', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const other = await kit.login('ada@example.com');
      const out = await kit.call('POST', '/api/auth/logout', { token });
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/^parley_cloud_token=;.*Max-Age=0/);
      expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(401);
      expect((await kit.call('POST', '/api/sync', { token, body: { allData: {} } })).status).toBe(401);
      expect((await kit.call('GET', '/api/hosted/users/self', { token: other })).status).toBe(200);
      const revoked = await t.database().db.selectFrom('auth_tokens').select('revoked_at').execute();
      expect(revoked.filter((row) => row.revoked_at !== null)).toHaveLength(1);
    });

    it('AU4 the cloud token cookie: 180 days, HttpOnly, Secure; SameSite=Lax same-origin, None cross-site', async () => {
      const kit = syncTestApp(t.database(), undefined, { corsOrigins: ['https://app.parley.example'] });
      const sameOrigin = await kit.call('POST', 'http://sync.example.com/api/auth/signup', {
        body: { email: 'ada@example.com', password: PASSWORD },
        headers: { origin: 'http://sync.example.com' },
      });
      const cookie = sameOrigin.headers.get('set-cookie') ?? '';
      expect(cookie).toContain(`parley_cloud_token=${sameOrigin.json.token as string}`);
      expect(cookie).toContain('Max-Age=15552000');
      expect(cookie).toContain('Path=/');
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('Secure');
      expect(cookie).toContain('SameSite=Lax');

      const crossSite = await kit.call('POST', 'http://sync.example.com/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
        headers: { origin: 'https://app.parley.example' },
      });
      expect(crossSite.headers.get('set-cookie')).toContain('SameSite=None');
    });

    it('AU4 the cookie authenticates like the bearer token; a cookie-only write must be JSON', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      const cookie = { cookie: `parley_cloud_token=${token}` };
      expect((await kit.call('GET', '/api/hosted/users/self', { headers: cookie })).status).toBe(200);
      const json = await kit.call('POST', '/api/sync', { headers: cookie, body: { allData: {} } });
      expect(json.status).toBe(200);
      const form = await kit.call('POST', '/api/sync', {
        headers: { ...cookie, 'content-type': 'text/plain' },
        rawBody: JSON.stringify({ allData: {} }),
      });
      expect(form.status).toBe(403);
      expect(form.json).toMatchObject({ error: { code: 'forbidden:auth' } });
    });

    it('AU5 signup and login are rate limited per client address', async () => {
      const kit = syncTestApp(t.database());
      await kit.signup('ada@example.com');
      for (let n = 0; n < 10; n += 1) {
        const res = await kit.call('POST', '/api/auth/login', {
          body: { email: 'ada@example.com', password: 'wrong pass' },
          from: '198.51.100.9',
        });
        expect(res.status).toBe(401);
      }
      const blocked = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
        from: '198.51.100.9',
      });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('60');
      expect(blocked.json).toMatchObject({ error: { code: 'rate_limited:auth' } });
      const elsewhere = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
        from: '198.51.100.10',
      });
      expect(elsewhere.status).toBe(200);
      kit.clock.now += 60_000;
      const later = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
        from: '198.51.100.9',
      });
      expect(later.status).toBe(200);
    });
  });
});
