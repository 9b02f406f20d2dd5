import { describe, expect, it } from 'vitest';
import { readAudit, recordAudit } from '../src/admin/audit-log';
import { parseAdminEmails } from '../src/auth/roles';
import { forEachDatabase } from './db-harness';
import { syncTestApp } from './sync-test-kit';

describe('audit log', () => {
  forEachDatabase((t) => {
    async function team() {
      const kit = syncTestApp(t.database(), undefined, { adminEmails: parseAdminEmails('ada@example.com') });
      const ada = await kit.signup('ada@example.com');
      const mod = await kit.signup('mod@example.com');
      const bob = await kit.signup('bob@example.com');
      await t
        .database()
        .db.updateTable('users')
        .set({ role: 'content-moderator' })
        .where('id', '=', mod.userId)
        .execute();
      return { kit, ada, mod, bob };
    }

    it('AD3 only an admin reads the log: content-moderator and member 403, anonymous 401', async () => {
      const { kit, ada, mod, bob } = await team();
      expect((await kit.call('GET', '/api/admin/audit', { token: ada.token })).status).toBe(200);
      const refused = await kit.call('GET', '/api/admin/audit', { token: mod.token });
      expect(refused.status).toBe(403);
      expect(refused.json).toMatchObject({ error: { code: 'forbidden:role' } });
      expect((await kit.call('GET', '/api/admin/audit', { token: bob.token })).status).toBe(403);
      expect((await kit.call('GET', '/api/admin/audit')).status).toBe(401);
    });

    it('AD1 AD2 AD3 rows newest first with the actor email, secrets redacted, paged by cursor, filtered by area', async () => {
      const { kit, ada } = await team();
      const db = t.database().db;
      let now = 1_000;
      const clock = () => now;
      await recordAudit(
        db,
        {
          actorId: ada.userId,
          action: 'member.role',
          target: 'bob@example.com',
          details: { from: 'member', to: 'admin' },
        },
        clock,
      );
      now = 2_000;
      await recordAudit(
        db,
        {
          actorId: null,
          action: 'scim.user.create',
          target: 'eve@example.com',
          details: { apiKey: 'sk-1', nested: { clientSecret: 's', ok: 1 } },
        },
        clock,
      );
      now = 3_000;
      await recordAudit(
        db,
        { actorId: ada.userId, action: 'member.deactivate', target: 'eve@example.com' },
        clock,
      );

      const first = await kit.call('GET', '/api/admin/audit?limit=2', { token: ada.token });
      expect(first.status).toBe(200);
      const page1 = first.json as Awaited<ReturnType<typeof readAudit>>;
      expect(page1.entries.map((entry) => entry.action)).toEqual(['member.deactivate', 'scim.user.create']);
      expect(page1.entries[0]).toMatchObject({
        at: 3_000,
        actorEmail: 'ada@example.com',
        target: 'eve@example.com',
        details: null,
      });
      expect(page1.entries[1]).toMatchObject({
        actorId: null,
        actorEmail: null,
        details: { apiKey: '[redacted]', nested: { clientSecret: '[redacted]', ok: 1 } },
      });
      expect(JSON.stringify(page1)).not.toContain('sk-1');
      expect(page1.nextCursor).toEqual(expect.any(String));

      // A row added meanwhile does not shift the next page.
      now = 4_000;
      await recordAudit(db, { actorId: ada.userId, action: 'shared.agent.create', target: 'a1' }, clock);
      const second = await kit.call(
        'GET',
        `/api/admin/audit?limit=2&before=${encodeURIComponent(page1.nextCursor!)}`,
        {
          token: ada.token,
        },
      );
      const page2 = second.json as Awaited<ReturnType<typeof readAudit>>;
      expect(page2.entries.map((entry) => entry.action)).toEqual(['member.role']);
      expect(page2.entries[0]!.details).toEqual({ from: 'member', to: 'admin' });
      expect(page2.nextCursor).toBeNull();

      const members = await readAudit(db, { action: 'member' });
      expect(members.entries.map((entry) => entry.action)).toEqual(['member.deactivate', 'member.role']);
      expect((await kit.call('GET', '/api/admin/audit?action=a%25', { token: ada.token })).status).toBe(400);
      expect((await kit.call('GET', '/api/admin/audit?limit=0', { token: ada.token })).status).toBe(400);
    });
  });
});
