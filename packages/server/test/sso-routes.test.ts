import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../src/app';
import type { OpenDatabase } from '../src/db';
import { ConfigError, loadConfig } from '../src/config';
import { checkEmail } from '../src/sso/sso-accounts';
import { safeReturnTo } from '../src/sso/sso-routes';
import { ssoSettingsFrom, type SsoSettings } from '../src/sso/sso-settings';
import { forEachDatabase } from './db-harness';
import { startOidcTestProvider, type OidcTestProvider } from './oidc-test-provider';
import { startSwitchableServer, TestBrowser } from './sso-test-kit';
import { PASSWORD } from './sync-test-kit';

const CLIENT = { clientId: 'parley', clientSecret: 'a test client secret that is long enough' };
const IDENTITIES = {
  ada: { email: 'ada@example.com', email_verified: true, name: 'Ada Lovelace' },
  grace: { email: 'grace@example.com', email_verified: true, groups: ['staff', 'parley-admins'] },
  eve: { email: 'eve@elsewhere.org', email_verified: true },
  mallory: { email: 'mallory@example.com', email_verified: false },
};

let parley: Awaited<ReturnType<typeof startSwitchableServer>>;
let provider: OidcTestProvider;
let otherProvider: OidcTestProvider;

beforeAll(async () => {
  parley = await startSwitchableServer();
  const options = {
    ...CLIENT,
    redirectUris: [`${parley.origin}/api/auth/sso/callback`],
    identities: IDENTITIES,
  };
  [provider, otherProvider] = await Promise.all([
    startOidcTestProvider(options),
    startOidcTestProvider(options),
  ]);
});
afterAll(async () => {
  await Promise.all([parley?.close(), provider?.close(), otherProvider?.close()]);
});

function settings(env: Record<string, string> = {}): SsoSettings {
  const { settings, problems } = ssoSettingsFrom({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: CLIENT.clientId,
    OIDC_CLIENT_SECRET: CLIENT.clientSecret,
    OIDC_ALLOWED_DOMAINS: 'example.com',
    OIDC_SCOPES: 'openid email profile groups',
    OIDC_ADMIN_CLAIM: 'groups',
    OIDC_ADMIN_VALUE: 'parley-admins',
    OIDC_MODERATOR_CLAIM: undefined,
    OIDC_MODERATOR_VALUE: undefined,
    OIDC_DISPLAY_NAME: 'Example SSO',
    PUBLIC_URL: undefined,
    PASSWORD_LOGIN: 'on',
    ...env,
  } as Parameters<typeof ssoSettingsFrom>[0]);
  expect(problems).toEqual([]);
  return settings;
}

function parleyWith(database: OpenDatabase, more: Partial<AppDeps> = {}) {
  const app = createApp({ version: 'test', db: database, sso: settings(), ...more });
  parley.use(app);
  const browser = new TestBrowser();
  const back = (url: URL) => url.origin === parley.origin && url.hash.startsWith('#parley-sso');
  return {
    browser,
    /** Signs in through the provider; answers the fragment the app is sent back with. */
    async signIn(login: string, start = `${parley.origin}/api/auth/sso/start?returnTo=%2Fchat`) {
      // The provider's own session (a person signed in there before) is left behind.
      for (const name of browser.cookies.keys())
        if (name !== 'parley_cloud_token') browser.cookies.delete(name);
      const { url, visited } = await browser.signIn(start, login, back);
      return { hash: url.hash, url, visited };
    },
    self: () => browser.fetch(`${parley.origin}/api/hosted/users/self`),
    users: () =>
      database.db
        .selectFrom('users')
        .select(['id', 'email', 'role', 'password_hash'])
        .orderBy('email')
        .execute(),
    password: (email: string, password = PASSWORD) =>
      browser.fetch(`${parley.origin}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
  };
}

describe('single sign-on', () => {
  it('SSO2 the page to come back to is this server or a CORS origin, never another site', () => {
    const origin = 'https://parley.example.com';
    expect(safeReturnTo('/chat?x=1#old', origin, [])).toBe('https://parley.example.com/chat?x=1');
    expect(safeReturnTo('https://evil.example.net/', origin, [])).toBe('https://parley.example.com/');
    expect(safeReturnTo('//evil.example.net/x', origin, [])).toBe('https://parley.example.com/');
    expect(safeReturnTo('javascript:alert(1)', origin, [])).toBe('https://parley.example.com/');
    expect(safeReturnTo('https://app.example.com/x', origin, ['https://app.example.com'])).toBe(
      'https://app.example.com/x',
    );
  });

  it('SSO settings refuse a half configuration with a message that names the variable', () => {
    const { problems } = ssoSettingsFrom({
      OIDC_ISSUER: 'http://idp.example.com',
      OIDC_CLIENT_ID: undefined,
      OIDC_ALLOWED_DOMAINS: '',
      OIDC_SCOPES: 'email',
      OIDC_ADMIN_CLAIM: 'groups',
      OIDC_DISPLAY_NAME: 'x',
      PASSWORD_LOGIN: 'on',
    } as Parameters<typeof ssoSettingsFrom>[0]);
    expect(problems).toEqual([
      'OIDC_ISSUER: must be https (plain http only on this machine, for tests)',
      'OIDC_CLIENT_ID: required with OIDC_ISSUER',
      'OIDC_ADMIN_CLAIM and OIDC_ADMIN_VALUE: give both or neither',
    ]);
    const off = ssoSettingsFrom({
      PASSWORD_LOGIN: 'off',
      OIDC_ALLOWED_DOMAINS: '',
      OIDC_SCOPES: '',
      OIDC_DISPLAY_NAME: '',
    } as Parameters<typeof ssoSettingsFrom>[0]);
    expect(off.problems).toEqual(['PASSWORD_LOGIN: "off" needs single sign-on (OIDC_ISSUER) configured']);
  });

  it("SSO5 a verified email: the standard claim, its string form or Entra ID's xms_edov; domains compared lower-cased", () => {
    expect(checkEmail({ email: 'Ada@Example.com', email_verified: true }, ['example.com'])).toEqual({
      ok: true,
      email: 'ada@example.com',
    });
    expect(checkEmail({ email: 'ada@example.com', email_verified: 'true' }, [])).toMatchObject({ ok: true });
    expect(checkEmail({ email: 'ada@example.com', xms_edov: true }, [])).toMatchObject({ ok: true });
    expect(checkEmail({ email: 'ada@example.com' }, [])).toMatchObject({ ok: false, reason: 'unverified' });
    expect(checkEmail({ email: 'ada@example.co', email_verified: true }, ['example.com'])).toMatchObject({
      ok: false,
      reason: 'domain',
    });
  });

  it('SSO8 the server refuses to start on a half configuration, naming the variable', () => {
    expect(() => loadConfig({ PASSWORD_LOGIN: 'off' }, '/')).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://idp.example.com' }, '/')).toThrow(
      /OIDC_CLIENT_ID: required/,
    );
    expect(() => loadConfig({ SCIM_TOKEN: 'short' }, '/')).toThrow(
      /SCIM_TOKEN: must be at least 32 characters/,
    );
    const config = loadConfig(
      {
        OIDC_ISSUER: 'https://idp.example.com',
        OIDC_CLIENT_ID: 'parley',
        OIDC_ALLOWED_DOMAINS: 'Example.com, @example.org',
        PASSWORD_LOGIN: 'off',
      },
      '/',
    );
    expect(config.sso).toMatchObject({
      passwordLogin: false,
      oidc: { allowedDomains: ['example.com', 'example.org'], scopes: 'openid email profile' },
    });
    expect(config.scim.token).toBeUndefined();
  });

  forEachDatabase((t) => {
    it('SSO1 methods tell the sign-in ways; SSO8 PASSWORD_LOGIN=off refuses password sign-in and sign-up', async () => {
      const plain = createApp({ version: 'test', db: t.database() });
      expect(await (await plain.request('/api/auth/methods')).json()).toEqual({ password: true, sso: null });
      const kit = parleyWith(t.database(), { sso: { ...settings(), passwordLogin: false } });
      const methods = await kit.browser.fetch(`${parley.origin}/api/auth/methods`);
      expect(await methods.json()).toEqual({
        password: false,
        sso: { label: 'Example SSO', startUrl: '/api/auth/sso/start' },
      });
      const login = await kit.password('ada@example.com');
      expect(login.status).toBe(403);
      expect(await login.json()).toMatchObject({
        error: { code: 'forbidden:password_login' },
        userMessage: 'Password sign-in is turned off on this server. Sign in with Example SSO instead.',
      });
    });

    it('SSO3 SSO4 SSO7 a new person signs in: PKCE, state and nonce sent; an account without a password; the cookie session; sign out ends it', async () => {
      const kit = parleyWith(t.database());
      const { hash, url, visited } = await kit.signIn('ada');
      expect(hash).toBe('#parley-sso=signed-in');
      expect(url.pathname).toBe('/chat');
      const authorize = visited.find((step) => step.origin === provider.issuer && step.pathname === '/auth')!;
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('nonce')).toBeTruthy();
      // The state is kept hashed, and is gone once used.
      expect(await t.database().db.selectFrom('sso_login_states').selectAll().execute()).toEqual([]);

      const self = await kit.self();
      expect(self.status).toBe(200);
      expect(await self.json()).toMatchObject({ user: { email: 'ada@example.com' }, role: 'member' });
      const [user] = await kit.users();
      expect(user).toMatchObject({ email: 'ada@example.com', password_hash: 'sso-only' });
      const identity = await t
        .database()
        .db.selectFrom('user_identities')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(identity).toMatchObject({ issuer: provider.issuer, subject: 'ada', user_id: user!.id });
      const audit = await t
        .database()
        .db.selectFrom('audit_log')
        .select(['action', 'actor_id', 'target'])
        .execute();
      expect(audit).toEqual([{ action: 'sso.user.created', actor_id: null, target: 'ada@example.com' }]);

      // SSO7: no password opens an account made by single sign-on, with the usual message.
      for (const password of [PASSWORD, 'sso-only', '']) {
        const attempt = await new TestBrowser().fetch(`${parley.origin}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ada@example.com', password }),
        });
        expect([400, 401]).toContain(attempt.status);
        if (attempt.status === 401)
          expect(await attempt.json()).toMatchObject({ userMessage: 'Incorrect email or password.' });
      }

      const logout = await kit.browser.fetch(`${parley.origin}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(logout.status).toBe(200);
      expect(kit.browser.cookies.has('parley_cloud_token')).toBe(false);
      // A copy of the cookie kept elsewhere is dead too: the token is revoked on the server.
      const second = parleyWith(t.database());
      await second.signIn('ada');
      const token = second.browser.cookies.get('parley_cloud_token')!;
      await second.browser.fetch(`${parley.origin}/api/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const stale = new TestBrowser();
      stale.cookies.set('parley_cloud_token', token);
      expect((await stale.fetch(`${parley.origin}/api/hosted/users/self`)).status).toBe(401);
      expect(await kit.users()).toHaveLength(1);
    });

    it('SSO4 an account that had a password is linked on its first sign-on and keeps its data and its password', async () => {
      const kit = parleyWith(t.database());
      const signup = await kit.password('ada@example.com');
      expect(signup.status).toBe(401);
      const created = await kit.browser.fetch(`${parley.origin}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }),
      });
      const { user } = (await created.json()) as { user: { id: string } };
      await t
        .database()
        .db.insertInto('sync_records')
        .values({
          user_id: user.id,
          kind: 'prompt',
          item_id: 'p1',
          data: '{}',
          updated_at: 1,
          deleted_at: null,
          server_updated_at: 1,
          size_bytes: 2,
        })
        .execute();

      kit.browser.cookies.clear();
      expect((await kit.signIn('ada')).hash).toBe('#parley-sso=signed-in');
      const self = (await (await kit.self()).json()) as { user: { id: string } };
      expect(self.user.id).toBe(user.id);
      expect(await kit.users()).toHaveLength(1);
      const audit = await t.database().db.selectFrom('audit_log').select('action').execute();
      expect(audit.map((row) => row.action)).toEqual(['sso.user.linked']);
      const records = await t
        .database()
        .db.selectFrom('sync_records')
        .select(['user_id', 'item_id'])
        .execute();
      expect(records).toEqual([{ user_id: user.id, item_id: 'p1' }]);
      expect(
        (
          await new TestBrowser().fetch(`${parley.origin}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'ada@example.com', password: PASSWORD }),
          })
        ).status,
      ).toBe(200);
    });

    it('SSO5 a person outside the allowed domains, or without a verified email, is refused and no account is made', async () => {
      const kit = parleyWith(t.database());
      expect((await kit.signIn('eve')).hash).toBe('#parley-sso-error=domain');
      expect((await kit.signIn('mallory')).hash).toBe('#parley-sso-error=unverified');
      expect(kit.browser.cookies.has('parley_cloud_token')).toBe(false);
      expect(await kit.users()).toEqual([]);
      expect((await kit.self()).status).toBe(401);
    });

    it('SSO6 the admin claim makes an admin; without it on a later sign-in the role goes back to member', async () => {
      const kit = parleyWith(t.database());
      await kit.signIn('grace');
      expect(await (await kit.self()).json()).toMatchObject({ role: 'admin' });
      await t
        .database()
        .db.updateTable('users')
        .set({ role: 'admin' })
        .where('email', '=', 'ada@example.com')
        .execute();
      await kit.signIn('ada');
      expect(await (await kit.self()).json()).toMatchObject({
        user: { email: 'ada@example.com' },
        role: 'member',
      });
    });

    it('SSO3 an answer from another issuer is refused: no session, no account', async () => {
      const kit = parleyWith(t.database());
      const start = await kit.browser.fetch(`${parley.origin}/api/auth/sso/start`);
      const toProvider = new URL(start.headers.get('location')!);
      expect(toProvider.origin).toBe(provider.issuer);
      // The same request, answered by another provider that knows the same client (a mix-up).
      const elsewhere = new URL(toProvider.pathname + toProvider.search, otherProvider.issuer);
      const { url } = await kit.browser.signIn(elsewhere.href, 'ada', (next) =>
        next.hash.startsWith('#parley-sso'),
      );
      expect(url.hash).toBe('#parley-sso-error=issuer');
      expect(kit.browser.cookies.has('parley_cloud_token')).toBe(false);
      expect(await kit.users()).toEqual([]);
    });

    it('SSO3 an expired ID token is refused (the server clock is past its expiry)', async () => {
      const kit = parleyWith(t.database(), { clock: () => Date.now() + 3 * 60 * 60 * 1000 });
      expect((await kit.signIn('ada')).hash).toBe('#parley-sso-error=expired');
      expect(kit.browser.cookies.has('parley_cloud_token')).toBe(false);
      expect(await kit.users()).toEqual([]);
    });

    it('SSO2 starts are limited per address like password attempts (429 with Retry-After)', async () => {
      const kit = parleyWith(t.database(), { sync: { authAttemptsPerMinute: 2 } });
      const start = () => kit.browser.fetch(`${parley.origin}/api/auth/sso/start`);
      expect((await start()).status).toBe(302);
      expect((await start()).status).toBe(302);
      const third = await start();
      expect(third.status).toBe(429);
      expect(third.headers.get('retry-after')).toBeTruthy();
      expect(await t.database().db.selectFrom('sso_login_states').selectAll().execute()).toHaveLength(2);
    });

    it('SSO2 a callback is single use, and one with an unknown state signs nobody in', async () => {
      const kit = parleyWith(t.database());
      const { visited } = await kit.signIn('ada');
      const callback = visited.find((step) => step.pathname === '/api/auth/sso/callback')!;
      const replay = new TestBrowser();
      const res = await replay.fetch(callback.href);
      expect(res.status).toBe(303);
      expect(new URL(res.headers.get('location')!).hash).toBe('#parley-sso-error=state');
      expect(replay.cookies.has('parley_cloud_token')).toBe(false);
    });

    it('SSO4 a deactivated account cannot sign in by single sign-on', async () => {
      const kit = parleyWith(t.database());
      await kit.signIn('ada');
      await t.database().db.updateTable('users').set({ deactivated_at: 1 }).execute();
      kit.browser.cookies.clear();
      expect((await kit.signIn('ada')).hash).toBe('#parley-sso-error=deactivated');
      expect(kit.browser.cookies.has('parley_cloud_token')).toBe(false);
    });
  });
});
