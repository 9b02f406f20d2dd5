import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { OpenDatabase } from '../src/db';
import type { ScimSettings } from '../src/scim/scim-settings';
import { forEachDatabase } from './db-harness';
import { PASSWORD, syncTestApp } from './sync-test-kit';

const TOKEN = 'scim-token-that-is-long-enough-0123456789';
const SETTINGS: ScimSettings = {
  token: TOKEN,
  adminGroup: 'parley-admins',
  moderatorGroup: 'parley-moderators',
};
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

function scimKit(database: OpenDatabase, settings: ScimSettings = SETTINGS) {
  const kit = syncTestApp(database, undefined, { scim: settings });
  const app = createApp({ version: 'test', db: database, scim: settings });
  async function scim(method: string, path: string, body?: unknown, token = TOKEN) {
    const res = await app.request(`http://parley.test/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/scim+json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read SCIM's JSON freely
      json: (text ? JSON.parse(text) : null) as Record<string, any>,
    };
  }
  const createUser = async (userName: string, more: Record<string, unknown> = {}) => {
    const res = await scim('POST', '/Users', { schemas: [USER], userName, active: true, ...more });
    expect(res.status).toBe(201);
    return res.json.id as string;
  };
  return { kit, scim, createUser };
}

describe('SCIM 2.0', () => {
  forEachDatabase((t) => {
    it('SC8 off without SCIM_TOKEN (404); with it, a missing or wrong token is 401 in the SCIM error shape', async () => {
      const off = scimKit(t.database(), {
        token: undefined,
        adminGroup: undefined,
        moderatorGroup: undefined,
      });
      expect((await off.scim('GET', '/Users')).status).toBe(404);
      const { kit, scim } = scimKit(t.database());
      // Every endpoint, every method: no token, a wrong one, or a member's (even an admin's) cloud token.
      const member = (await kit.signup('ada@example.com')).token;
      const endpoints = [
        ['GET', '/Users'],
        ['POST', '/Users'],
        ['GET', '/Users/x'],
        ['PUT', '/Users/x'],
        ['PATCH', '/Users/x'],
        ['DELETE', '/Users/x'],
        ['GET', '/Groups'],
        ['POST', '/Groups'],
        ['GET', '/Groups/x'],
        ['PUT', '/Groups/x'],
        ['PATCH', '/Groups/x'],
        ['DELETE', '/Groups/x'],
        ['GET', '/ServiceProviderConfig'],
        ['GET', '/Schemas'],
        ['GET', '/ResourceTypes'],
      ] as const;
      for (const [method, path] of endpoints) {
        expect(
          (await off.scim(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status,
        ).toBe(404);
        for (const token of ['', 'wrong', `${TOKEN}x`, member]) {
          const res = await scim(
            method,
            path,
            method === 'GET' || method === 'DELETE' ? undefined : {},
            token,
          );
          expect(res.status, `${method} ${path}`).toBe(401);
          expect(res.json).toMatchObject({ schemas: [ERROR], status: '401' });
        }
      }
      expect(await t.database().db.selectFrom('users').select('email').execute()).toHaveLength(1);
      const ok = await scim('GET', '/ServiceProviderConfig');
      expect(ok.status).toBe(200);
      expect(ok.type).toBe('application/scim+json');
      expect(ok.json).toMatchObject({ patch: { supported: true }, filter: { supported: true } });
      expect(
        (await scim('GET', '/ResourceTypes')).json.Resources.map((type: { id: string }) => type.id),
      ).toEqual(['User', 'Group']);
      expect((await scim('GET', '/Schemas')).json.totalResults).toBe(2);
    });

    it('SC1 SC2 SC3 SC4 create, read, filter by userName and page through users', async () => {
      const { scim, createUser } = scimKit(t.database());
      const id = await createUser('Ada@Example.com', {
        name: { givenName: 'Ada', familyName: 'Lovelace' },
        externalId: 'okta-1',
        title: 'ignored',
      });
      await createUser('bob@example.com');
      await createUser('carol@example.com');
      const ada = await scim('GET', `/Users/${id}`);
      expect(ada.json).toMatchObject({
        schemas: [USER],
        id,
        userName: 'ada@example.com',
        externalId: 'okta-1',
        displayName: 'Ada Lovelace',
        active: true,
        emails: [{ value: 'ada@example.com', primary: true }],
        meta: { resourceType: 'User', location: `http://parley.test/scim/v2/Users/${id}` },
      });
      const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "ADA@example.com"')}`);
      expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id }] });
      const none = await scim(
        'GET',
        `/Users?filter=${encodeURIComponent('userName eq "nobody@example.com"')}`,
      );
      expect(none.json).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
        totalResults: 0,
        Resources: [],
      });
      const page = await scim('GET', '/Users?startIndex=2&count=1');
      expect(page.json).toMatchObject({
        totalResults: 3,
        startIndex: 2,
        itemsPerPage: 1,
        Resources: [{ userName: 'bob@example.com' }],
      });
      const bad = await scim('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`);
      expect(bad.status).toBe(400);
      expect(bad.json).toMatchObject({ scimType: 'invalidFilter' });
      const again = await scim('POST', '/Users', { schemas: [USER], userName: 'ada@example.com' });
      expect(again.status).toBe(409);
      expect(again.json).toMatchObject({ schemas: [ERROR], scimType: 'uniqueness' });
      const notEmail = await scim('POST', '/Users', { schemas: [USER], userName: 'ada' });
      expect(notEmail.status).toBe(400);
      expect(notEmail.json.detail).toContain('userName must be an email address');
      expect((await scim('GET', '/Users/unknown')).status).toBe(404);
      const audit = await t.database().db.selectFrom('audit_log').select(['action', 'actor_id']).execute();
      expect(audit.filter((row) => row.action === 'scim.user.created')).toHaveLength(3);
      expect(audit.every((row) => row.actor_id === null)).toBe(true);
    });

    it('SC2 an account that signed up with a password is taken over by SCIM and keeps its id; PUT replaces', async () => {
      const { kit, scim } = scimKit(t.database());
      const { userId } = await kit.signup('ada@example.com');
      const created = await scim('POST', '/Users', {
        schemas: [USER],
        userName: 'ada@example.com',
        displayName: 'Ada',
      });
      expect(created.status).toBe(201);
      expect(created.json.id).toBe(userId);
      const put = await scim('PUT', `/Users/${userId}`, {
        schemas: [USER],
        userName: 'ada.l@example.com',
        displayName: 'Ada L',
        active: true,
      });
      expect(put.json).toMatchObject({ userName: 'ada.l@example.com', displayName: 'Ada L', active: true });
      expect(put.json.externalId).toBeUndefined();
      await kit.login('ada.l@example.com', PASSWORD);
    });

    it('SC5 SC6 active false (Entra: "Replace", a value object without a path, "False") ends every session at once; true lets them in again', async () => {
      const { kit, scim } = scimKit(t.database());
      const { token, userId } = await kit.signup('ada@example.com');
      const other = await kit.login('ada@example.com');
      await scim('POST', '/Users', { schemas: [USER], userName: 'ada@example.com' });
      expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(200);

      const off = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Replace', value: { active: 'False' } }],
      });
      expect(off.status).toBe(200);
      expect(off.json.active).toBe(false);
      // The member's next request, on any device, is refused.
      expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(401);
      expect((await kit.call('GET', '/api/hosted/users/self', { token: other })).status).toBe(401);
      const login = await kit.call('POST', '/api/auth/login', {
        body: { email: 'ada@example.com', password: PASSWORD },
      });
      expect(login.json).toMatchObject({ error: { code: 'forbidden:deactivated' } });

      const on = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH],
        Operations: [
          { op: 'replace', path: 'active', value: true },
          { op: 'replace', path: 'name.formatted', value: 'Ada' },
        ],
      });
      expect(on.json).toMatchObject({ active: true, displayName: 'Ada' });
      await kit.login('ada@example.com');
      const actions = (
        await t.database().db.selectFrom('audit_log').select('action').orderBy('id').execute()
      ).map((row) => row.action);
      expect(actions).toEqual(['scim.user.created', 'scim.user.deactivated', 'scim.user.reactivated']);

      const unknownOp = await scim('PATCH', `/Users/${userId}`, {
        schemas: [PATCH],
        Operations: [{ op: 'move', path: 'active' }],
      });
      expect(unknownOp.status).toBe(400);
      expect(unknownOp.json.scimType).toBe('invalidSyntax');
    });

    it('SC6 DELETE deactivates the account, keeps its data and ends its sessions; SCIM no longer lists it', async () => {
      const { kit, scim } = scimKit(t.database());
      const { token, userId } = await kit.signup('ada@example.com');
      await scim('POST', '/Users', { schemas: [USER], userName: 'ada@example.com' });
      const gone = await scim('DELETE', `/Users/${userId}`);
      expect(gone.status).toBe(204);
      expect((await kit.call('GET', '/api/hosted/users/self', { token })).status).toBe(401);
      expect((await scim('GET', `/Users/${userId}`)).status).toBe(404);
      const row = await t
        .database()
        .db.selectFrom('users')
        .select(['id', 'deactivated_at'])
        .executeTakeFirstOrThrow();
      expect(row.id).toBe(userId);
      expect(row.deactivated_at).not.toBeNull();
    });

    it('SC7 groups: members added and removed (Okta and Entra shapes); the admin and moderator groups give roles', async () => {
      const { scim, createUser } = scimKit(t.database());
      const ada = await createUser('ada@example.com');
      const bob = await createUser('bob@example.com');
      const admins = await scim('POST', '/Groups', {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'parley-admins',
        members: [{ value: ada }],
      });
      expect(admins.status).toBe(201);
      const adminsId = admins.json.id as string;
      expect(admins.json.members).toEqual([
        { value: ada, display: 'ada@example.com', $ref: `http://parley.test/scim/v2/Users/${ada}` },
      ]);
      const role = async (id: string) =>
        (
          await t
            .database()
            .db.selectFrom('users')
            .select('role')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).role;
      expect(await role(ada)).toBe('admin');

      const mods = await scim('POST', '/Groups', { displayName: 'parley-moderators' });
      await scim('PATCH', `/Groups/${mods.json.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: bob }, { value: ada }] }],
      });
      expect(await role(bob)).toBe('content-moderator');
      expect(await role(ada)).toBe('admin');
      // Okta removes by a filter path; Entra by a value list.
      await scim('PATCH', `/Groups/${adminsId}`, {
        schemas: [PATCH],
        Operations: [{ op: 'remove', path: `members[value eq "${ada}"]` }],
      });
      expect(await role(ada)).toBe('content-moderator');
      await scim('PATCH', `/Groups/${mods.json.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'Remove', path: 'members', value: [{ value: ada }] }],
      });
      expect(await role(ada)).toBe('member');
      expect((await scim('GET', `/Groups/${mods.json.id}`)).json.members).toEqual([
        expect.objectContaining({ value: bob }),
      ]);

      // A renamed group no longer gives its role; a deleted one neither.
      await scim('PATCH', `/Groups/${mods.json.id}`, {
        schemas: [PATCH],
        Operations: [{ op: 'replace', value: { displayName: 'staff' } }],
      });
      expect(await role(bob)).toBe('member');
      await scim('PUT', `/Groups/${adminsId}`, { displayName: 'parley-admins', members: [{ value: bob }] });
      expect(await role(bob)).toBe('admin');
      expect((await scim('DELETE', `/Groups/${adminsId}`)).status).toBe(204);
      expect(await role(bob)).toBe('member');

      const list = await scim(
        'GET',
        `/Groups?filter=${encodeURIComponent('displayName eq "staff"')}&excludedAttributes=members`,
      );
      expect(list.json).toMatchObject({ totalResults: 1, Resources: [{ displayName: 'staff' }] });
      expect(list.json.Resources[0].members).toBeUndefined();
      const clash = await scim('POST', '/Groups', { displayName: 'staff' });
      expect(clash.status).toBe(409);
      const stranger = await scim('POST', '/Groups', {
        displayName: 'x',
        members: [{ value: 'no-such-user' }],
      });
      expect(stranger.status).toBe(400);
      const actions = (await t.database().db.selectFrom('audit_log').select('action').execute()).map(
        (row) => row.action,
      );
      expect(actions).toContain('scim.user.role');
      expect(actions).toContain('scim.group.deleted');
    });
  });
});
