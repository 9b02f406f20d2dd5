import { Hono, type Context } from 'hono';
import type { AccountService } from '../auth/account-service';
import { setCloudTokenCookie } from '../auth/cloud-token-cookie';
import { sendUserError } from '../auth/user-error';
import type { OpenDatabase } from '../db';
import { HttpError } from '../http/errors';
import { clientAddress, memoryRateLimits, type RateLimits } from '../http/rate-limit';
import { silentLogger, type Logger } from '../http/logger';
import { OidcClient, OidcTokenError } from './oidc-client';
import { accountForIdentity, checkEmail, roleFromClaims } from './sso-accounts';
import { SsoLoginStates } from './sso-login-states';
import type { SsoSettings } from './sso-settings';

export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** What the web app is told in the fragment of the page it comes back to (SSO3). */
export type SsoOutcome =
  | 'signed-in'
  | 'state'
  | 'cancelled'
  | 'unavailable'
  | 'issuer'
  | 'expired'
  | 'invalid'
  | 'unverified'
  | 'domain'
  | 'deactivated';

export const ssoMessages = {
  passwordLoginOff: (label: string) =>
    `Password sign-in is turned off on this server. Sign in with ${label} instead.`,
} as const;

export type SsoRoutesDeps = {
  accounts: AccountService;
  database: OpenDatabase;
  settings: SsoSettings;
  defaultLimitUsageBytes: number;
  /** CORS_ORIGINS: pages on these origins may be returned to after a sign-in. */
  corsOrigins?: readonly string[] | undefined;
  clock?: (() => number) | undefined;
  log?: Logger | undefined;
  /** Where the start route's per-address limit counts (AUTH_ATTEMPTS_PER_MINUTE, default 10). */
  rateLimits?: RateLimits | undefined;
  attemptsPerMinute?: number | undefined;
};

/**
 * `/api/auth/methods` (public) and, when OpenID Connect is configured, the sign-in's two legs:
 * `/api/auth/sso/start` (redirect to the provider) and `/api/auth/sso/callback` (back from it:
 * the cookie session, then a redirect into the app). Rules SSO1-SSO8 in `src/sso/SPEC.md`.
 */
export function ssoRoutes(deps: SsoRoutesDeps): Hono {
  const routes = new Hono();
  const { settings } = deps;
  const oidc = settings.oidc;
  const clock = deps.clock ?? Date.now;
  const log = deps.log ?? silentLogger;

  // SSO1: the web app's sign-in form shows what this server offers.
  routes.get('/auth/methods', (c) =>
    c.json({
      password: settings.passwordLogin,
      sso: oidc ? { label: oidc.label, startUrl: SSO_START_PATH } : null,
    }),
  );

  // SSO8: with PASSWORD_LOGIN=off the identity provider is the only way in.
  if (!settings.passwordLogin && oidc) {
    const refuse = (c: Context) =>
      sendUserError(c, new HttpError('forbidden:password_login', ssoMessages.passwordLoginOff(oidc.label)));
    routes.post('/auth/login', refuse);
    routes.post('/auth/signup', refuse);
  }
  if (!oidc) return routes;

  const client = new OidcClient(oidc, clock);
  const states = new SsoLoginStates(deps.database.db, clock);
  // SSO2: each start stores a row; a flood from one address is refused like password attempts.
  const starts = (deps.rateLimits ?? memoryRateLimits(clock)).limiter('sso-start', {
    limit: deps.attemptsPerMinute ?? 10,
    windowMs: 60_000,
  });
  const publicOrigin = (c: Context) => settings.publicUrl ?? new URL(c.req.url).origin;
  const redirectUri = (c: Context) => `${publicOrigin(c)}${SSO_CALLBACK_PATH}`;
  const back = (c: Context, returnTo: string, outcome: SsoOutcome) => {
    const target = new URL(returnTo);
    target.hash = outcome === 'signed-in' ? 'parley-sso=signed-in' : `parley-sso-error=${outcome}`;
    c.header('Cache-Control', 'no-store');
    return c.redirect(target.href, 303);
  };

  routes.get('/auth/sso/start', async (c) => {
    const decision = await starts.hit(clientAddress(c));
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      const message = `Too many attempts. Please wait ${decision.retryAfterSeconds} seconds and try again.`;
      return sendUserError(c, new HttpError('rate_limited:auth', message));
    }
    const returnTo = safeReturnTo(c.req.query('returnTo'), publicOrigin(c), deps.corsOrigins ?? []);
    let request;
    try {
      request = await client.signInRequest(redirectUri(c));
    } catch (error) {
      log({ level: 'error', msg: 'sso: the identity provider could not be reached', error: String(error) });
      return back(c, returnTo, 'unavailable');
    }
    await states.save(request.state, { codeVerifier: request.codeVerifier, nonce: request.nonce, returnTo });
    c.header('Cache-Control', 'no-store');
    return c.redirect(request.url.href, 302);
  });

  routes.get('/auth/sso/callback', async (c) => {
    const requestUrl = new URL(c.req.url);
    const state = requestUrl.searchParams.get('state');
    const login = state ? await states.take(state) : undefined;
    const home = `${publicOrigin(c)}/`;
    if (!state || !login || login === 'expired') return back(c, home, 'state');
    if (requestUrl.searchParams.has('error')) {
      log({
        level: 'info',
        msg: 'sso: refused at the provider',
        error: requestUrl.searchParams.get('error') ?? '',
      });
      return back(c, login.returnTo, 'cancelled');
    }
    // The callback as the provider was told to call it (behind a proxy the request's own URL differs).
    const callbackUrl = new URL(redirectUri(c));
    callbackUrl.search = requestUrl.search;
    let claims: Record<string, unknown>;
    try {
      claims = await client.finish(callbackUrl, {
        state,
        codeVerifier: login.codeVerifier,
        nonce: login.nonce,
      });
    } catch (error) {
      const reason = error instanceof OidcTokenError ? error.reason : 'invalid';
      log({ level: 'info', msg: `sso: the provider's answer was refused (${reason})`, error: String(error) });
      return back(c, login.returnTo, reason);
    }
    const email = checkEmail(claims, oidc.allowedDomains);
    if (!email.ok) {
      log({ level: 'info', msg: `sso: sign-in refused (${email.reason})`, error: email.detail });
      return back(c, login.returnTo, email.reason);
    }
    const account = await accountForIdentity(
      deps.database.db,
      {
        issuer: typeof claims.iss === 'string' ? claims.iss : oidc.issuer,
        subject: String(claims.sub),
        email: email.email,
        name: typeof claims.name === 'string' ? claims.name.slice(0, 200) : undefined,
        role: roleFromClaims(claims, oidc),
      },
      { defaultLimitUsageBytes: deps.defaultLimitUsageBytes, now: clock() },
    );
    if (!account.ok) return back(c, login.returnTo, account.reason);
    const token = await deps.accounts.tokens.issue(account.userId);
    setCloudTokenCookie(c, token, Math.floor(deps.accounts.tokenSettings.lifetimeMs / 1000));
    return back(c, login.returnTo, 'signed-in');
  });

  return routes;
}

/**
 * SSO2: after the sign-in the browser goes back only to this server's pages or to an origin in
 * CORS_ORIGINS (never to a URL a link chose: no open redirect); anything else goes home.
 */
export function safeReturnTo(
  value: string | undefined,
  origin: string,
  corsOrigins: readonly string[],
): string {
  const home = `${origin}/`;
  if (!value) return home;
  try {
    const url = new URL(value, home);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return home;
    if (url.origin !== origin && !corsOrigins.includes(url.origin)) return home;
    url.hash = '';
    return url.href;
  } catch {
    return home;
  }
}
