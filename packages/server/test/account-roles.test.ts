import { HostedUserSelfSchema } from '@parley/core/sync';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AccountService } from '../src/auth/account-service';
import { requireUser } from '../src/auth/require-user';
import { effectiveRole, parseAdminEmails, parseRole, requireRole } from '../src/auth/roles';
import { forEachDatabase } from './db-harness';
import { PASSWORD, syncTestApp } from './sync-test-kit';

describe('account roles', () => {
  it('AU10 an unknown or missing stored role reads as member; ADMIN_EMAILS wins over the stored role', () => {
    expect(parseRole('admin')).toBe('admin');
    expect(parseRole('content-moderator')).toBe('content-moderator');
    expect(parseRole('owner')).toBe('member');
    expect(parseRole(null)).toBe('member');
    const admins = parseAdminEmails(' Ada@Example.com,  bob@example.com grace@example.com ,,');
    expect([...admins]).toEqual(['ada@example.com', 'bob@example.com', 'grace@example.com']);
    expect(effectiveRole('member', 'ADA@example.com', admins)).toBe('admin');
    expect(effectiveRole('content-moderator', 'eve@example.com', admins)).toBe('content-moderator');
  });

  forEachDatabase((t) => {
    it('AU10 self tells the role: member by default, admin for a listed email', async () => {
      const kit = syncTestApp(t.database(), undefined, { adminEmails: parseAdminEmails('ada@example.com') });
      const ada = await kit.signup('ada@example.com');
      const bob = await kit.signup('bob@example.com');
      const adaSelf = await kit.call('GET', '/api/hosted/users/self', { token: ada.token });
      const bobSelf = await kit.call('GET', '/api/hosted/users/self', { token: bob.token });
      expect(HostedUserSelfSchema.parse(adaSelf.json).role).toBe('admin');
      expect(HostedUserSelfSchema.parse(bobSelf.json).role).toBe('member');
    });

    it('AU10 a deactivated account: its tokens stop at once (401), its login is 403 after the right password only', async () => {
      const kit = syncTestApp(t.database());
      const ada = await kit.signup('ada@example.com');
      expect((await kit.call('GET', '/api/hosted/users/self', { token: ada.token })).status).toBe(200);
      await t
        .database()
        .db.updateTable('users')
        .set({ deactivated_at: 1 })
        .where('id', '=', ada.userId)
        .execute();
      expect((await kit.call('GET', '/api/hosted/users/self', { token: ada.token })).status).toBe(401);
      const wrong = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: 'not the password' },
      });
      expect(wrong.status).toBe(401);
      const right = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
      });
      expect(right.status).toBe(403);
      expect(right.json).toMatchObject({
        error: { code: 'forbidden:deactivated' },
        userMessage: 'This account has been deactivated. Ask an admin of your organisation.',
      });
      expect(await t.database().db.selectFrom('users').select('id').execute()).toHaveLength(1);
    });

    it('AU11 requireRole lets only the named roles through; others get 403 forbidden:role', async () => {
      const accounts = new AccountService({
        database: t.database(),
        defaultLimitUsageBytes: 1_000_000,
        adminEmails: parseAdminEmails('ada@example.com'),
      });
      const ada = await accounts.signup({ email: 'ada@example.com', password: PASSWORD });
      const bob = await accounts.signup({ email: 'bob@example.com', password: PASSWORD });
      const mod = await accounts.signup({ email: 'mod@example.com', password: PASSWORD });
      await t
        .database()
        .db.updateTable('users')
        .set({ role: 'content-moderator' })
        .where('email', '=', 'mod@example.com')
        .execute();
      const app = new Hono();
      app.get('/admin', requireUser(accounts), requireRole('admin'), (c) => c.text('ok'));
      app.get('/content', requireUser(accounts), requireRole('admin', 'content-moderator'), (c) =>
        c.text('ok'),
      );
      const status = async (path: string, token: string) =>
        (await app.request(path, { headers: { authorization: `Bearer ${token}` } })).status;
      expect(await status('/admin', ada.token)).toBe(200);
      expect(await status('/admin', mod.token)).toBe(403);
      expect(await status('/admin', bob.token)).toBe(403);
      expect(await status('/content', mod.token)).toBe(200);
      expect(await status('/content', ada.token)).toBe(200);
      expect(await status('/content', bob.token)).toBe(403);
      const refused = await app.request('/admin', { headers: { authorization: `Bearer ${bob.token}` } });
      expect(await refused.json()).toMatchObject({ error: { code: 'forbidden:role' } });
    });
  });
});
