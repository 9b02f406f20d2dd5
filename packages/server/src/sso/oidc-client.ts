import * as client from 'openid-client';
import { isLoopback, type OidcSettings } from './sso-settings';

/** How long the provider's discovery document is kept by one process (safe to be stale: keys are re-read by kid). */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export type SignInRequest = { url: URL; state: string; codeVerifier: string; nonce: string };

/** Why the provider's answer was refused (SSO3): told to the user by the web app. */
export type TokenRefusal = 'issuer' | 'expired' | 'invalid';

export class OidcTokenError extends Error {
  constructor(
    readonly reason: TokenRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'OidcTokenError';
  }
}

/**
 * The relying party side of OpenID Connect, on `openid-client`: discovery (cached per process for
 * an hour), the authorization request (code + PKCE S256, state, nonce) and the code exchange,
 * where the library validates the ID token (signature, issuer, audience, expiry, nonce) and the
 * `iss` of the authorization response (RFC 9207).
 */
export class OidcClient {
  private discovered: { at: number; config: Promise<client.Configuration> } | undefined;

  constructor(
    private readonly settings: OidcSettings,
    /** The server's clock (tests move it): the ID token's expiry is judged by it. */
    private readonly clock: () => number = Date.now,
  ) {}

  private configuration(): Promise<client.Configuration> {
    const now = Date.now();
    if (!this.discovered || now - this.discovered.at > DISCOVERY_TTL_MS) {
      const issuer = new URL(this.settings.issuer);
      const config = client.discovery(
        issuer,
        this.settings.clientId,
        this.settings.clientSecret,
        this.settings.clientSecret ? undefined : client.None(),
        // Plain http is accepted only for an issuer on this machine (tests; sso-settings refuses others).
        isLoopback(issuer.hostname) ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      this.discovered = { at: now, config };
      // A failed discovery is not kept: the next sign-in tries again.
      config.catch(() => {
        if (this.discovered?.config === config) this.discovered = undefined;
      });
    }
    return this.discovered.config;
  }

  private async configurationNow(): Promise<client.Configuration> {
    const config = await this.configuration();
    // The server's clock differs from the machine's only in tests (a fake clock): the ID token's
    // times are then judged by the server's clock, through a configuration of its own.
    const skew = Math.round((this.clock() - Date.now()) / 1000);
    if (skew === 0) return config;
    const skewed = new client.Configuration(
      config.serverMetadata(),
      this.settings.clientId,
      { client_secret: this.settings.clientSecret, [client.clockSkew]: skew },
      this.settings.clientSecret ? undefined : client.None(),
    );
    if (isLoopback(new URL(this.settings.issuer).hostname)) client.allowInsecureRequests(skewed);
    return skewed;
  }

  async signInRequest(redirectUri: string): Promise<SignInRequest> {
    const config = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, codeVerifier, nonce };
  }

  /**
   * Exchanges the callback's code; answers the ID token's claims merged with the UserInfo
   * endpoint's (many providers put `email` only there). Throws OidcTokenError when refused.
   */
  async finish(
    callbackUrl: URL,
    checks: { state: string; codeVerifier: string; nonce: string },
  ): Promise<Record<string, unknown>> {
    const config = await this.configurationNow();
    try {
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcTokenError('invalid', 'The provider answered without an ID token.');
      if (typeof claims.email === 'string' || !tokens.access_token) return { ...claims };
      const userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...userInfo, ...claims, email: userInfo.email, email_verified: userInfo.email_verified };
    } catch (error) {
      throw asTokenError(error);
    }
  }
}

/** Sorts the library's refusals into what a person can be told (the detail goes to the log). */
function asTokenError(error: unknown): OidcTokenError {
  if (error instanceof OidcTokenError) return error;
  // openid-client wraps oauth4webapi's error, whose message and `cause.claim` say what failed.
  const chain: string[] = [];
  let claim: unknown;
  for (let link: unknown = error; link && chain.length < 4; link = (link as { cause?: unknown }).cause) {
    if (link instanceof Error) chain.push(link.message);
    claim ??= (link as { claim?: unknown }).claim;
  }
  const message = chain.join(': ') || String(error);
  if (claim === 'iss' || /"iss"|issuer/i.test(message)) return new OidcTokenError('issuer', message);
  if (claim === 'exp' || claim === 'iat' || /"exp"|expir/i.test(message))
    return new OidcTokenError('expired', message);
  return new OidcTokenError('invalid', message);
}
