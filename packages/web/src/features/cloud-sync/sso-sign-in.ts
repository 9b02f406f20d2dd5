import { AuthMethodsSchema, PASSWORD_ONLY, type AuthMethods } from '@parley/core/sync';

/** Why the server sent the browser back without a session (server `src/sso/SPEC.md` SSO3). */
export const SSO_ERRORS = [
  'state',
  'cancelled',
  'unavailable',
  'issuer',
  'expired',
  'invalid',
  'unverified',
  'domain',
  'deactivated',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];

export type SsoReturn = { signedIn: true } | { signedIn: false; error: SsoError };

/** SSO1: how the server lets people sign in; passwords only when it cannot say (an older server, offline). */
export async function fetchAuthMethods(
  serverUrl: string,
  fetchFn: typeof fetch = fetch,
): Promise<AuthMethods> {
  try {
    const res = await fetchFn(`${serverUrl}/api/auth/methods`, { credentials: 'include' });
    if (!res.ok) return PASSWORD_ONLY;
    const parsed = AuthMethodsSchema.safeParse(await res.json());
    return parsed.success ? parsed.data : PASSWORD_ONLY;
  } catch {
    return PASSWORD_ONLY;
  }
}

/** The server's start route, told to come back to `returnTo` (this page, without its fragment). */
export function ssoStartUrl(serverUrl: string, startUrl: string, returnTo: string): string {
  const url = new URL(startUrl, `${serverUrl}/`);
  const back = new URL(returnTo);
  back.hash = '';
  url.searchParams.set('returnTo', back.href);
  return url.href;
}

const SIGNED_IN = '#parley-sso=signed-in';
const ERROR_PREFIX = '#parley-sso-error=';

/**
 * Reads the outcome the server put in the address's fragment after a single sign-on, and removes
 * it from the address (a reload or a shared link must not replay it). null: none there.
 */
export function takeSsoReturn(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
): SsoReturn | null {
  const { hash } = location;
  let outcome: SsoReturn | null = null;
  if (hash === SIGNED_IN) outcome = { signedIn: true };
  else if (hash.startsWith(ERROR_PREFIX)) {
    const code = hash.slice(ERROR_PREFIX.length);
    outcome = {
      signedIn: false,
      error: (SSO_ERRORS as readonly string[]).includes(code) ? (code as SsoError) : 'invalid',
    };
  }
  if (outcome) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return outcome;
}
