import { CredentialsSchema, type AuthResponse, type Credentials } from '@parley/core/sync';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HttpError } from '../http/errors';
import { readJsonBody } from '../http/read-json-body';
import { clientAddress, memoryRateLimits, type RateLimits, type SharedRateLimiter } from '../http/rate-limit';
import type { AccountService } from './account-service';
import { hashCloudToken } from './auth-token';
import { clearCloudTokenCookie, setCloudTokenCookie } from './cloud-token-cookie';
import { requireUser, type AuthEnv } from './require-user';
import { sendUserError, UserFacingError, withUserErrors } from './user-error';

export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;
/** Signup and login attempts per client address (AU5). */
export const AUTH_ATTEMPT_LIMIT = { limit: 10, windowMs: 60_000 };

export type AuthRoutesDeps = {
  accounts: AccountService;
  clock?: () => number;
  /** Overrides AUTH_ATTEMPT_LIMIT.limit (AUTH_ATTEMPTS_PER_MINUTE). */
  attemptsPerMinute?: number | undefined;
  /** Where attempts count (CL2: the database with several processes); default: this process. */
  rateLimits?: RateLimits;
};

/** `/api/auth/*` and `/api/hosted/users/self`: parse, call the account service, answer (AU1-AU6). */
export function authRoutes({
  accounts,
  clock = Date.now,
  attemptsPerMinute,
  rateLimits = memoryRateLimits(clock),
}: AuthRoutesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const attempts = { ...AUTH_ATTEMPT_LIMIT, limit: attemptsPerMinute ?? AUTH_ATTEMPT_LIMIT.limit };
  const signupAttempts = rateLimits.limiter('auth-signup', attempts);
  const loginAttempts = rateLimits.limiter('auth-login', attempts);
  const signedIn = requireUser(accounts);

  routes.use(
    '/auth/*',
    bodyLimit({
      maxSize: AUTH_BODY_LIMIT_BYTES,
      onError: (c) =>
        sendUserError(
          c,
          new HttpError('payload_too_large:body', `The request body is over ${AUTH_BODY_LIMIT_BYTES} bytes.`),
        ),
    }),
  );

  const credentialRoute = (
    limiter: SharedRateLimiter,
    act: (body: Credentials, c: Context) => Promise<AuthResponse>,
  ) =>
    withUserErrors(async (c: Context) => {
      await limit(c, limiter);
      const answer = await act(await readJsonBody(c, CredentialsSchema), c);
      setCloudTokenCookie(c, answer.token, Math.floor(accounts.tokenSettings.lifetimeMs / 1000));
      return c.json(answer);
    });

  routes.post(
    '/auth/signup',
    credentialRoute(signupAttempts, async (body, c) => accounts.signup(body, await inviteOf(c))),
  );
  routes.post(
    '/auth/login',
    credentialRoute(loginAttempts, (body) => accounts.login(body)),
  );

  routes.post(
    '/auth/logout',
    signedIn,
    withUserErrors(async (c) => {
      const user = c.get('user');
      await accounts.revoke(user.tokenHash);
      // A successor issued by this very request dies with it and is not handed out.
      if (user.successor) await accounts.revoke(hashCloudToken(user.successor));
      c.set('user', { ...user, successor: undefined });
      clearCloudTokenCookie(c);
      return c.json({ ok: true });
    }),
  );

  // Sign out everywhere (AU9): every token of the account stops, on every device.
  routes.post(
    '/auth/logout-all',
    signedIn,
    withUserErrors(async (c) => {
      const user = c.get('user');
      const revoked = await accounts.revokeAll(user.id);
      c.set('user', { ...user, successor: undefined });
      clearCloudTokenCookie(c);
      return c.json({ ok: true, revoked });
    }),
  );

  routes.get(
    '/hosted/users/self',
    signedIn,
    withUserErrors(async (c) => c.json(await accounts.self(c.get('user')))),
  );

  return routes;
}

async function limit(c: Context, limiter: SharedRateLimiter): Promise<void> {
  const decision = await limiter.hit(clientAddress(c));
  if (decision.allowed) return;
  c.header('Retry-After', String(decision.retryAfterSeconds));
  const message = `Too many attempts. Please wait ${decision.retryAfterSeconds} seconds and try again.`;
  throw new UserFacingError('rate_limited:auth', message);
}

/**
 * The invitation token a sign-up carries beside its credentials (admin SPEC AD7), read from the body
 * readJsonBody already checked (Hono keeps the parsed body). A token that is not a short string is 400.
 */
async function inviteOf(c: Context): Promise<string | undefined> {
  const invite = ((await c.req.json()) as { invite?: unknown }).invite;
  if (invite === undefined || invite === null) return undefined;
  if (typeof invite !== 'string' || invite.length === 0 || invite.length > 200)
    throw new HttpError(
      'bad_request:body',
      'Invalid request body. invite: must be the token of an invitation link',
    );
  return invite;
}
