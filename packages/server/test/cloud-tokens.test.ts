import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { syncTestApp } from './sync-test-kit';

const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

describe('cloud token lifetime', () => {
  forEachDatabase((t) => {
    const self = (kit: ReturnType<typeof syncTestApp>, token: string) =>
      kit.call('GET', '/api/hosted/users/self', { token });

    it('AU7 a token unused for the lifetime expires; each use slides the end', async () => {
      const kit = syncTestApp(t.database(), undefined, { tokens: { rotateAfterMs: 1000 * DAY } });
      const { token } = await kit.signup('ada@example.com');
      kit.clock.now += 179 * DAY;
      expect((await self(kit, token)).status).toBe(200);
      kit.clock.now += 179 * DAY; // 358 days after signup, 179 after the last use
      expect((await self(kit, token)).status).toBe(200);
      kit.clock.now += 180 * DAY;
      const expired = await self(kit, token);
      expect(expired.status).toBe(401);
      expect(expired.json).toMatchObject({
        error: { code: 'unauthorized:auth' },
        userMessage: 'Your session has expired.',
      });
    });

    it('AU7 the last use is written at most once an hour, not on every request, and still slides the end', async () => {
      const kit = syncTestApp(t.database(), undefined, {
        tokens: { lifetimeMs: 2 * DAY, rotateAfterMs: 1000 * DAY },
      });
      const { token } = await kit.signup('ada@example.com');
      const lastUse = async () =>
        (await t.database().db.selectFrom('auth_tokens').select('last_used_at').executeTakeFirstOrThrow())
          .last_used_at;
      const firstUse = kit.clock.now + DAY;
      kit.clock.now = firstUse;
      expect((await self(kit, token)).status).toBe(200);
      expect(await lastUse()).toBe(firstUse);
      for (const later of [MINUTE, 30 * MINUTE, 59 * MINUTE]) {
        kit.clock.now = firstUse + later;
        expect((await self(kit, token)).status).toBe(200);
        expect(await lastUse()).toBe(firstUse);
      }
      kit.clock.now = firstUse + 60 * MINUTE;
      expect((await self(kit, token)).status).toBe(200);
      expect(await lastUse()).toBe(firstUse + 60 * MINUTE);
      // The end slid with the written use: two days after it, not after signup or the first use.
      kit.clock.now = firstUse + 60 * MINUTE + 2 * DAY - 1;
      expect((await self(kit, token)).status).toBe(200);
      kit.clock.now = firstUse + 2 * 60 * MINUTE + 4 * DAY;
      expect((await self(kit, token)).status).toBe(401);
    });

    it('AU7 the lifetime is configurable (CLOUD_TOKEN_LIFETIME_DAYS) and sets the cookie age', async () => {
      const kit = syncTestApp(t.database(), undefined, { tokens: { lifetimeMs: 2 * DAY } });
      const signup = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'ada@example.com', password: 'correct horse battery' },
      });
      expect(signup.headers.get('set-cookie')).toContain('Max-Age=172800');
      kit.clock.now += 2 * DAY;
      expect((await self(kit, signup.json.token as string)).status).toBe(401);
    });

    it('AU8 an old token is rotated on use; the old one works until the new one is used, then a grace', async () => {
      const kit = syncTestApp(t.database());
      const { token: old } = await kit.signup('ada@example.com');
      kit.clock.now += DAY + MINUTE;
      const rotated = await self(kit, old);
      expect(rotated.status).toBe(200);
      const successor = rotated.headers.get('parley-cloud-token');
      expect(successor).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(rotated.headers.get('set-cookie')).toContain(`parley_cloud_token=${successor}`);
      // The answer may be lost: the old token still works and is not rotated again at once.
      const again = await self(kit, old);
      expect(again.status).toBe(200);
      expect(again.headers.get('parley-cloud-token')).toBeNull();

      expect((await self(kit, successor!)).status).toBe(200);
      kit.clock.now += 4 * MINUTE; // requests in flight with the old token still pass
      expect((await self(kit, old)).status).toBe(200);
      kit.clock.now += 2 * MINUTE;
      expect((await self(kit, old)).status).toBe(401);
      expect((await self(kit, successor!)).status).toBe(200);
    });

    it('AU8 a sync answered with a rotated token keeps its data; the next sync uses the new token', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      kit.clock.now += 2 * DAY;
      const folder = {
        id: 'f1',
        name: 'Work',
        createdAt: '2026-03-01T09:00:00.000Z',
        updatedAt: '2026-03-01T09:00:00.000Z',
      };
      const first = await kit.call('POST', '/api/sync', { token, body: { allData: { folders: [folder] } } });
      expect(first.status).toBe(200);
      const successor = first.headers.get('parley-cloud-token')!;
      expect(successor).toBeTruthy();
      const second = await kit.call('POST', '/api/sync', {
        token: successor,
        body: { allData: {}, lastSyncAt: null },
      });
      expect(second.status).toBe(200);
      expect(second.json.updatedFolders).toMatchObject([{ id: 'f1', name: 'Work' }]);
    });

    it('AU9 sign out everywhere revokes every token of the account, on every device', async () => {
      const kit = syncTestApp(t.database());
      const { token: laptop } = await kit.signup('ada@example.com');
      const phone = await kit.login('ada@example.com');
      const { token: other } = await kit.signup('bob@example.com');
      const out = await kit.call('POST', '/api/auth/logout-all', { token: laptop, body: {} });
      expect(out.status).toBe(200);
      expect(out.json).toEqual({ ok: true, revoked: 2 });
      expect(out.headers.get('set-cookie')).toContain('parley_cloud_token=;');
      expect((await self(kit, laptop)).status).toBe(401);
      expect((await self(kit, phone)).status).toBe(401);
      expect((await self(kit, other)).status).toBe(200);
    });

    it('AU3 logout on a request that rotated hands out no successor and revokes it', async () => {
      const kit = syncTestApp(t.database());
      const { token } = await kit.signup('ada@example.com');
      kit.clock.now += 2 * DAY;
      const out = await kit.call('POST', '/api/auth/logout', { token, body: {} });
      expect(out.status).toBe(200);
      expect(out.headers.get('parley-cloud-token')).toBeNull();
      const rows = await t.database().db.selectFrom('auth_tokens').select('revoked_at').execute();
      expect(rows).toHaveLength(2);
      expect(rows.every((row) => row.revoked_at === kit.clock.now)).toBe(true);
    });
  });
});
