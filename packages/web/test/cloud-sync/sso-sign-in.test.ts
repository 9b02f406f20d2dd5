import { describe, expect, it } from 'vitest';
import { fetchAuthMethods, ssoStartUrl, takeSsoReturn } from '../../src/features/cloud-sync/sso-sign-in';

function address(hash: string) {
  const replaced: string[] = [];
  return {
    location: { hash, pathname: '/chat', search: '?x=1' },
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => void replaced.push(url),
    },
    replaced,
  };
}

describe('single sign-on in the web app (server SSO1, SSO3)', () => {
  it('SSO3 reads the outcome from the fragment once and removes it from the address', () => {
    const ok = address('#parley-sso=signed-in');
    expect(takeSsoReturn(ok.location, ok.history)).toEqual({ signedIn: true });
    expect(ok.replaced).toEqual(['/chat?x=1']);
    const refused = address('#parley-sso-error=domain');
    expect(takeSsoReturn(refused.location, refused.history)).toEqual({ signedIn: false, error: 'domain' });
    // A reason this app does not know (a newer server) still tells the person it was refused.
    const unknown = address('#parley-sso-error=something-new');
    expect(takeSsoReturn(unknown.location, unknown.history)).toEqual({ signedIn: false, error: 'invalid' });
    const other = address('#help-sync');
    expect(takeSsoReturn(other.location, other.history)).toBeNull();
    expect(other.replaced).toEqual([]);
  });

  it('SSO2 the start URL is on the sync server and names this page, without its fragment, to come back to', () => {
    expect(
      ssoStartUrl('https://parley.example.com', '/api/auth/sso/start', 'https://parley.example.com/c/1#x'),
    ).toBe('https://parley.example.com/api/auth/sso/start?returnTo=https%3A%2F%2Fparley.example.com%2Fc%2F1');
  });

  it('SSO1 the sign-in ways come from the server; an older server or a failure means passwords only', async () => {
    const answer = (status: number, body: unknown) => () =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
      );
    const sso = { password: false, sso: { label: 'Okta', startUrl: '/api/auth/sso/start' } };
    expect(await fetchAuthMethods('https://p.example', answer(200, sso))).toEqual(sso);
    const passwordOnly = { password: true, sso: null };
    expect(await fetchAuthMethods('https://p.example', answer(404, {}))).toEqual(passwordOnly);
    expect(await fetchAuthMethods('https://p.example', answer(200, { password: 'yes' }))).toEqual(
      passwordOnly,
    );
    expect(
      await fetchAuthMethods(
        'https://p.example',
        answer(200, { password: true, sso: { label: 'x', startUrl: 'https://evil.example' } }),
      ),
    ).toEqual(passwordOnly);
    expect(
      await fetchAuthMethods('https://p.example', () => Promise.reject(new TypeError('offline'))),
    ).toEqual(passwordOnly);
  });
});
