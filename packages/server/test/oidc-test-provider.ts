// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package has no types; e2e imports this file too
/// <reference path="./oidc-provider.d.ts" />
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** A person the test provider knows: the login typed on its page is the key. */
export type TestIdentity = {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
};

export type OidcTestProvider = {
  issuer: string;
  close(): Promise<void>;
};

export type OidcTestProviderOptions = {
  /** 0: any free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  /** The people it knows, by login; a function may make one up for any login (the e2e story). */
  identities: Record<string, TestIdentity> | ((login: string) => TestIdentity | undefined);
};

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The provider's own sign-in page: one field for the login, nothing fetched from elsewhere. */
function loginPage(uid: string, error?: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;box-sizing:border-box;margin:.4rem 0;font-size:1rem}
input,button{padding:.6rem}.error{color:#b00020}</style></head><body>
<h1>Test identity provider</h1>${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/interaction/${escape(uid)}/login">
<label for="login">Username</label><input id="login" name="login" autocomplete="username" required autofocus>
<button type="submit">Sign in</button></form></body></html>`;
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return new URLSearchParams(text);
}

/**
 * A real OpenID Connect provider (oidc-provider) for tests and the e2e story: its own RS256
 * keys, one confidential client, PKCE required, and a tiny sign-in page (any listed login, no
 * password) that grants the requested scopes at once.
 */
export async function startOidcTestProvider(options: OidcTestProviderOptions): Promise<OidcTestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  const identityOf = (login: string) =>
    typeof options.identities === 'function' ? options.identities(login) : options.identities[login];
  const holder: { provider?: Provider } = {};
  const server: Server = createServer((req, res) => {
    void (async () => {
      const provider = holder.provider;
      if (!provider) return res.writeHead(503).end();
      const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? '');
      if (!match) return provider.callback()(req, res);
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
        return;
      }
      const login = (await formBody(req)).get('login')?.trim() ?? '';
      if (!identityOf(login)) {
        res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(loginPage(details.uid, `Unknown user ${login}`));
        return;
      }
      const grant = new provider.Grant({ accountId: login, clientId: details.params.client_id! });
      grant.addOIDCScope(details.params.scope ?? 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: login }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  holder.provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const identity = identityOf(id);
      return identity && { accountId: id, claims: async () => ({ sub: id, ...identity }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [jwk] },
    cookies: { keys: ['parley-test-provider'] },
    pkce: { required: () => true },
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
