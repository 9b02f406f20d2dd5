import { z } from 'zod';

/** A claim that gives a role: `claim` (e.g. `groups`) holding `value` (e.g. `parley-admins`). */
export type RoleClaim = { claim: string; value: string };

/** OpenID Connect sign-in as the operator configured it (README, "Single sign-on"). */
export type OidcSettings = {
  /** The issuer identifier; its discovery document is read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  /** Omitted: a public client (PKCE alone). Never logged, never sent to a browser. */
  clientSecret: string | undefined;
  /** Lower-cased email domains allowed to sign in; empty: any verified email (SSO5). */
  allowedDomains: string[];
  /** Scopes asked for; `openid` first. */
  scopes: string;
  /** SSO6: the claims that make an admin or a content-moderator; absent: roles stay as they are. */
  adminClaim: RoleClaim | undefined;
  moderatorClaim: RoleClaim | undefined;
  /** The button's label: "Sign in with <label>". */
  label: string;
};

export type SsoSettings = {
  oidc: OidcSettings | null;
  /** PASSWORD_LOGIN=off: sign-up and password sign-in answer 403 (SSO8); only with OIDC configured. */
  passwordLogin: boolean;
  /** PUBLIC_URL: the server's public origin (redirect URI, SCIM locations); absent: each request's own. */
  publicUrl: string | undefined;
};

export const SSO_DISABLED: SsoSettings = { oidc: null, passwordLogin: true, publicUrl: undefined };

const optionalText = z
  .string()
  .optional()
  .transform((text) => (text?.trim() ? text.trim() : undefined));

/** The environment variables of single sign-on, merged into the server's config schema. */
export const ssoEnvShape = {
  OIDC_ISSUER: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** Comma- or space-separated email domains; empty: any verified email. */
  OIDC_ALLOWED_DOMAINS: z.string().default(''),
  OIDC_SCOPES: z.string().default('openid email profile'),
  OIDC_ADMIN_CLAIM: optionalText,
  OIDC_ADMIN_VALUE: optionalText,
  OIDC_MODERATOR_CLAIM: optionalText,
  OIDC_MODERATOR_VALUE: optionalText,
  OIDC_DISPLAY_NAME: z.string().default('single sign-on'),
  /** The server's public URL (scheme, host, port), for the redirect URI behind a proxy. */
  PUBLIC_URL: optionalText,
  /** `off`: SSO is the only way in (needs OIDC_ISSUER). */
  PASSWORD_LOGIN: z.enum(['on', 'off']).default('on'),
};

type SsoEnv = { [K in keyof typeof ssoEnvShape]: z.output<(typeof ssoEnvShape)[K]> };

function roleClaim(claim: string | undefined, value: string | undefined): RoleClaim | undefined {
  return claim && value ? { claim, value } : undefined;
}

/** Builds the settings from the parsed environment; a message for each thing that does not fit. */
export function ssoSettingsFrom(env: SsoEnv): { settings: SsoSettings; problems: string[] } {
  const problems: string[] = [];
  const passwordLogin = env.PASSWORD_LOGIN === 'on';
  const publicUrl = env.PUBLIC_URL?.replace(/\/+$/, '');
  if (env.PUBLIC_URL && !parseUrl(env.PUBLIC_URL))
    problems.push(`PUBLIC_URL: "${env.PUBLIC_URL}" is not a URL such as https://parley.example.com`);
  if (!env.OIDC_ISSUER) {
    if (!passwordLogin) problems.push('PASSWORD_LOGIN: "off" needs single sign-on (OIDC_ISSUER) configured');
    return { settings: { oidc: null, passwordLogin: true, publicUrl }, problems };
  }
  const issuer = parseUrl(env.OIDC_ISSUER);
  if (!issuer)
    problems.push(`OIDC_ISSUER: "${env.OIDC_ISSUER}" is not a URL such as https://login.example.com`);
  else if (issuer.protocol !== 'https:' && !isLoopback(issuer.hostname))
    problems.push('OIDC_ISSUER: must be https (plain http only on this machine, for tests)');
  if (!env.OIDC_CLIENT_ID) problems.push('OIDC_CLIENT_ID: required with OIDC_ISSUER');
  for (const [name, claim, value] of [
    ['OIDC_ADMIN', env.OIDC_ADMIN_CLAIM, env.OIDC_ADMIN_VALUE],
    ['OIDC_MODERATOR', env.OIDC_MODERATOR_CLAIM, env.OIDC_MODERATOR_VALUE],
  ] as const) {
    if (!!claim !== !!value) problems.push(`${name}_CLAIM and ${name}_VALUE: give both or neither`);
  }
  const scopes = env.OIDC_SCOPES.split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('openid')) scopes.unshift('openid');
  return {
    settings: {
      passwordLogin,
      publicUrl,
      oidc: {
        issuer: env.OIDC_ISSUER,
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET,
        allowedDomains: env.OIDC_ALLOWED_DOMAINS.split(/[\s,]+/)
          .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
          .filter(Boolean),
        scopes: scopes.join(' '),
        adminClaim: roleClaim(env.OIDC_ADMIN_CLAIM, env.OIDC_ADMIN_VALUE),
        moderatorClaim: roleClaim(env.OIDC_MODERATOR_CLAIM, env.OIDC_MODERATOR_VALUE),
        label: env.OIDC_DISPLAY_NAME.trim() || 'single sign-on',
      },
    },
    problems,
  };
}

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
