import { CLOUD_TOKEN_COOKIE, CLOUD_TOKEN_MAX_AGE_SECONDS } from '@parley/core/sync';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

/**
 * The cloud token also travels as a cookie (spec section 7: 180 days, cross-site and secure):
 * HttpOnly and Secure always; SameSite=None when the page calling us is on another host (the
 * hosted web app talking to a sync server elsewhere), Lax when it is our own page.
 */
function sameSiteFor(c: Context): 'None' | 'Lax' {
  const origin = c.req.header('origin');
  if (!origin) return 'Lax';
  try {
    return new URL(origin).host === new URL(c.req.url).host ? 'Lax' : 'None';
  } catch {
    return 'Lax';
  }
}

/** The header that hands a rotated token to a client that keeps its token itself (AU8). */
export const CLOUD_TOKEN_HEADER = 'Parley-Cloud-Token';

/** `maxAgeSeconds`: the token lifetime (CLOUD_TOKEN_LIFETIME_DAYS; spec default 180 days). */
export function setCloudTokenCookie(
  c: Context,
  token: string,
  maxAgeSeconds: number = CLOUD_TOKEN_MAX_AGE_SECONDS,
): void {
  setCookie(c, CLOUD_TOKEN_COOKIE, token, {
    path: '/',
    maxAge: maxAgeSeconds,
    httpOnly: true,
    secure: true,
    sameSite: sameSiteFor(c),
  });
}

export function clearCloudTokenCookie(c: Context): void {
  deleteCookie(c, CLOUD_TOKEN_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: sameSiteFor(c) });
}

export function cloudTokenFromCookie(c: Context): string | undefined {
  return getCookie(c, CLOUD_TOKEN_COOKIE);
}
