import { AdminMembersResponseSchema } from '@parley/core/sync-client';
import { describe, expect, it } from 'vitest';
import { readAudit } from '../src/admin/audit-log';
import { forEachDatabase } from './db-harness';
import { teamTestApp } from './admin-team-kit';
import { PASSWORD } from './sync-test-kit';

describe('admin: members', () => {
  forEachDatabase((t) => {
    it('AD4 every members route is admin only: content-moderator and member 403, anonymous 401', async () => {
      const { kit, ada, mod, bob } = await teamTestApp(t.database());
      const calls = [
        ['GET', '/api/admin/members', undefined],
        ['POST', `/api/admin/members/${bob.userId}`, { role: 'admin' }],
        ['POST', '/api/admin/invites', { email: 'eve@example.com' }],
        ['DELETE', '/api/admin/invites/nope', undefined],
      ] as const;
      for (const [method, url, body] of calls) {
        for (const [who, token, status] of [
          ['content-moderator', mod.token, 403],
          ['member', bob.token, 403],
          ['anonymous', undefined, 401],
        ] as const) {
          const res = await kit.call(method, url, { token, body });
          expect(res.status, `${method} ${url} as ${who}`).toBe(status);
        }
      }
      expect((await kit.call('GET', '/api/admin/members', { token: ada.token })).status).toBe(200);
      // Nothing above changed anything.
      expect((await readAudit(t.database().db)).entries).toEqual([]);
    });

    it('AD4 lists every member with role, state, sessions and last activity, and the seats used of the Team license', async () => {
      const { kit, ada, bob } = await teamTestApp(t.database());
      kit.clock.now += 60_000;
      await kit.login('bob@example.com');
      await t
        .database()
        .db.insertInto('licenses')
        .values({
          id: 'l1',
          key_hash: 'h',
          key_hint: 'ABCD',
          plan: 'team',
          max_devices: 50,
          max_users: 10,
          created_at: 1,
          revoked_at: null,
        })
        .execute();
      const res = await kit.call('GET', '/api/admin/members', { token: ada.token });
      const body = AdminMembersResponseSchema.parse(res.json);
      expect(body.members.map((member) => [member.email, member.role, member.sessions])).toEqual([
        ['ada@example.com', 'admin', 1],
        ['bob@example.com', 'member', 2],
        ['mod@example.com', 'content-moderator', 1],
      ]);
      const bobRow = body.members.find((member) => member.id === bob.userId)!;
      expect(bobRow).toMatchObject({
        deactivatedAt: null,
        lastActiveAt: new Date(kit.clock.now).toISOString(),
      });
      expect(body.members[0]!.adminByServerSetting).toBe(true);
      expect(body.seats).toEqual({ used: 3, licensed: 10 });
      expect(body.inviteOnly).toBe(false);
    });

    it('AD5 an admin changes a role and deactivates: every session ends at once, sign-in refused; reactivating lets the member sign in again; each in the audit log', async () => {
      const { kit, ada, bob } = await teamTestApp(t.database());
      const promoted = await kit.call('POST', `/api/admin/members/${bob.userId}`, {
        token: ada.token,
        body: { role: 'content-moderator' },
      });
      expect(promoted.status).toBe(200);
      expect(promoted.json).toMatchObject({ member: { role: 'content-moderator' } });
      const second = await kit.login('bob@example.com');
      kit.clock.now += 1000;
      const off = await kit.call('POST', `/api/admin/members/${bob.userId}`, {
        token: ada.token,
        body: { deactivated: true },
      });
      expect(off.json).toMatchObject({ member: { sessions: 0, deactivatedAt: expect.any(String) } });
      for (const token of [bob.token, second])
        expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(401);
      const refused = await kit.call('POST', '/api/auth/login', {
        body: { email: 'bob@example.com', password: PASSWORD },
      });
      expect(refused.status).toBe(403);
      const revoked = await t
        .database()
        .db.selectFrom('auth_tokens')
        .select('revoked_at')
        .where('user_id', '=', bob.userId)
        .execute();
      expect(revoked.every((row) => row.revoked_at !== null)).toBe(true);

      await kit.call('POST', `/api/admin/members/${bob.userId}`, {
        token: ada.token,
        body: { deactivated: false },
      });
      expect(
        (
          await kit.call('POST', '/api/auth/login', {
            body: { email: 'bob@example.com', password: PASSWORD },
          })
        ).status,
      ).toBe(200);

      const log = await kit.call('GET', '/api/admin/audit', { token: ada.token });
      expect(
        (log.json.entries as { action: string; target: string; actorEmail: string; details: unknown }[]).map(
          (e) => [e.action, e.target, e.actorEmail, e.details],
        ),
      ).toEqual([
        ['member.reactivate', 'bob@example.com', 'ada@example.com', null],
        ['member.deactivate', 'bob@example.com', 'ada@example.com', { sessionsEnded: 2 }],
        ['member.role', 'bob@example.com', 'ada@example.com', { from: 'member', to: 'content-moderator' }],
      ]);
    });

    it('AD5 the last admin cannot demote or deactivate themselves (409, nothing changed); with a second admin they can', async () => {
      // No ADMIN_EMAILS: the only admin is one by stored role.
      const { kit, bob } = await teamTestApp(t.database(), { adminEmails: new Set() });
      await t
        .database()
        .db.updateTable('users')
        .set({ role: 'admin' })
        .where('id', '=', bob.userId)
        .execute();
      for (const body of [
        { role: 'member' },
        { deactivated: true },
        { role: 'content-moderator', deactivated: false },
      ]) {
        const res = await kit.call('POST', `/api/admin/members/${bob.userId}`, { token: bob.token, body });
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(res.json).toMatchObject({ error: { code: 'conflict:last_admin' } });
      }
      const row = await t
        .database()
        .db.selectFrom('users')
        .select(['role', 'deactivated_at'])
        .where('id', '=', bob.userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', deactivated_at: null });
      expect((await readAudit(t.database().db)).entries).toEqual([]);

      const mod = await t
        .database()
        .db.selectFrom('users')
        .select('id')
        .where('email', '=', 'mod@example.com')
        .executeTakeFirstOrThrow();
      expect(
        (
          await kit.call('POST', `/api/admin/members/${mod.id}`, {
            token: bob.token,
            body: { role: 'admin' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await kit.call('POST', `/api/admin/members/${bob.userId}`, {
            token: bob.token,
            body: { role: 'member' },
          })
        ).status,
      ).toBe(200);
      // Now a member: the admin routes are closed to them.
      expect((await kit.call('GET', '/api/admin/members', { token: bob.token })).status).toBe(403);
    });

    it('AD5 a bad change is 400, an unknown member 404', async () => {
      const { kit, ada, bob } = await teamTestApp(t.database());
      for (const body of [{}, { role: 'owner' }, { deactivated: 'yes' }, { role: 'admin', extra: 1 }]) {
        const res = await kit.call('POST', `/api/admin/members/${bob.userId}`, { token: ada.token, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
      const missing = await kit.call('POST', '/api/admin/members/nobody', {
        token: ada.token,
        body: { role: 'admin' },
      });
      expect(missing.status).toBe(404);
      expect(missing.json).toMatchObject({ error: { code: 'not_found:member' } });
    });
  });
});

describe('admin: invitations at sign-up', () => {
  forEachDatabase((t) => {
    it('AD6 AD7 an invitation lets that email sign up once with its role, even when sign-up is invite-only; revoked or used ones do not', async () => {
      const { kit, ada } = await teamTestApp(t.database(), { signup: 'invite-only' });
      const closed = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'eve@example.com', password: PASSWORD },
      });
      expect(closed.status).toBe(403);
      expect(closed.json).toMatchObject({ error: { code: 'forbidden:signup_closed' } });

      const made = await kit.call('POST', '/api/admin/invites', {
        token: ada.token,
        body: { email: 'Eve@Example.com', role: 'content-moderator' },
      });
      expect(made.status).toBe(200);
      const token = made.json.token as string;
      const list = AdminMembersResponseSchema.parse(
        (await kit.call('GET', '/api/admin/members', { token: ada.token })).json,
      );
      expect(list.invites.map((invite) => [invite.email, invite.role])).toEqual([
        ['eve@example.com', 'content-moderator'],
      ]);
      expect(list.inviteOnly).toBe(true);
      expect(JSON.stringify(await t.database().db.selectFrom('invites').selectAll().execute())).not.toContain(
        token,
      );

      // For another email the link does not work.
      const other = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'mallory@example.com', password: PASSWORD, invite: token },
      });
      expect(other.status).toBe(403);
      const eve = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'eve@example.com', password: PASSWORD, invite: token },
      });
      expect(eve.status).toBe(200);
      const self = await kit.call('GET', '/api/hosted/users/self', { token: eve.json.token as string });
      expect(self.json).toMatchObject({ role: 'content-moderator' });
      // Used up: the link does not make a second account.
      const again = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'eve2@example.com', password: PASSWORD, invite: token },
      });
      expect(again.status).toBe(403);

      const second = await kit.call('POST', '/api/admin/invites', {
        token: ada.token,
        body: { email: 'zed@example.com' },
      });
      const id = (second.json.invite as { id: string }).id;
      expect((await kit.call('DELETE', `/api/admin/invites/${id}`, { token: ada.token })).status).toBe(200);
      const revoked = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'zed@example.com', password: PASSWORD, invite: second.json.token },
      });
      expect(revoked.status).toBe(403);
      expect(revoked.json).toMatchObject({
        userMessage: expect.stringMatching(/invitation link does not work/),
      });
      // An invitation for an email that has an account is refused.
      expect(
        (
          await kit.call('POST', '/api/admin/invites', {
            token: ada.token,
            body: { email: 'bob@example.com' },
          })
        ).status,
      ).toBe(409);

      const log = await readAudit(t.database().db, { action: 'member.invite' });
      expect(log.entries.map((entry) => [entry.action, entry.target])).toEqual([
        ['member.invite.revoke', 'zed@example.com'],
        ['member.invite', 'zed@example.com'],
        ['member.invite.accept', 'eve@example.com'],
        ['member.invite', 'eve@example.com'],
      ]);
    });

    it('AD7 with open sign-up anyone signs up as a member; a bad invite token is 400', async () => {
      const { kit } = await teamTestApp(t.database());
      const open = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'eve@example.com', password: PASSWORD },
      });
      expect(open.status).toBe(200);
      const bad = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'zoe@example.com', password: PASSWORD, invite: 42 },
      });
      expect(bad.status).toBe(400);
    });
  });
});
