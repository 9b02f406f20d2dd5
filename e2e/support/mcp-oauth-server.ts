import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from '@modelcontextprotocol/sdk/server/auth/provider.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import express from 'express';

/**
 * An OAuth-protected MCP server for the e2e stories, on the SDK's server-side auth helpers: the
 * authorization server (metadata, dynamic client registration, /authorize with one "Approve"
 * button, /token with PKCE and refresh tokens) and the protected resource at /oauth/mcp behind
 * requireBearerAuth. In memory, on the same loopback port as the other test servers.
 *   POST /oauth/expire   ages every access token (the next request is refused: the client refreshes)
 *   GET  /oauth/stats    { registrations, refreshes, codes }: what the stories assert on
 */

interface Issued {
  clientId: string;
  expiresAt: number;
  resource?: URL | undefined;
}

const ACCESS_SECONDS = 3600;
/** The paths this module answers (the test server sends everything else elsewhere). */
export const OAUTH_PATHS = /^\/(\.well-known\/|authorize|token|register|revoke|oauth\/)/;

class MemoryClients implements OAuthRegisteredClientsStore {
  readonly clients = new Map<string, OAuthClientInformationFull>();
  getClient(clientId: string) {
    return this.clients.get(clientId);
  }
  registerClient(client: OAuthClientInformationFull) {
    this.clients.set(client.client_id, client);
    stats.registrations += 1;
    return client;
  }
}

const stats = { registrations: 0, refreshes: 0, codes: 0 };
const pending = new Map<string, { client: OAuthClientInformationFull; params: AuthorizationParams }>();
const codes = new Map<string, { clientId: string; challenge: string; resource?: URL | undefined }>();
const accessTokens = new Map<string, Issued>();
const refreshTokens = new Map<string, Issued>();

function issue(clientId: string, resource: URL | undefined): OAuthTokens {
  const access = `at-${randomUUID()}`;
  const refresh = `rt-${randomUUID()}`;
  const expiresAt = Math.floor(Date.now() / 1000) + ACCESS_SECONDS;
  accessTokens.set(access, { clientId, expiresAt, resource });
  refreshTokens.set(refresh, { clientId, expiresAt: Infinity, resource });
  return { access_token: access, token_type: 'bearer', expires_in: ACCESS_SECONDS, refresh_token: refresh };
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const provider: OAuthServerProvider = {
  clientsStore: new MemoryClients(),
  async authorize(client, params, res) {
    const id = randomUUID();
    pending.set(id, { client, params });
    res
      .status(200)
      .type('html')
      .send(
        `<!doctype html><title>Authorize</title><h1>Parley wants to use the test MCP server</h1>` +
          `<p>Client: ${escape(client.client_name ?? client.client_id)}</p>` +
          `<form method="post" action="/oauth/approve"><input type="hidden" name="id" value="${id}">` +
          `<button type="submit">Approve</button></form>`,
      );
  },
  async challengeForAuthorizationCode(_client, code) {
    const entry = codes.get(code);
    if (!entry) throw new InvalidTokenError('Unknown authorization code');
    return entry.challenge;
  },
  async exchangeAuthorizationCode(client, code) {
    const entry = codes.get(code);
    if (!entry || entry.clientId !== client.client_id)
      throw new InvalidTokenError('Unknown authorization code');
    codes.delete(code);
    return issue(client.client_id, entry.resource);
  },
  async exchangeRefreshToken(client, refreshToken) {
    const entry = refreshTokens.get(refreshToken);
    if (!entry || entry.clientId !== client.client_id) throw new InvalidTokenError('Unknown refresh token');
    refreshTokens.delete(refreshToken);
    stats.refreshes += 1;
    return issue(client.client_id, entry.resource);
  },
  async verifyAccessToken(token): Promise<AuthInfo> {
    const entry = accessTokens.get(token);
    if (!entry) throw new InvalidTokenError('Unknown access token');
    return {
      token,
      clientId: entry.clientId,
      scopes: [],
      expiresAt: entry.expiresAt,
      resource: entry.resource,
    };
  },
};

/** The express app of the OAuth server; `mcp` answers an authorized MCP request. */
export function oauthServer(
  origin: string,
  mcp: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): (req: IncomingMessage, res: ServerResponse) => void {
  const app = express();
  const resourceServerUrl = new URL('/oauth/mcp', origin);
  const noLimit = { rateLimit: false as const };
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(origin),
      resourceServerUrl,
      resourceName: 'Parley e2e OAuth server',
      authorizationOptions: noLimit,
      tokenOptions: noLimit,
      clientRegistrationOptions: noLimit,
      revocationOptions: noLimit,
    }),
  );
  app.post('/oauth/approve', express.urlencoded({ extended: false }), (req, res) => {
    const id = String((req.body as { id?: unknown }).id ?? '');
    const request = pending.get(id);
    if (!request) {
      res.status(400).send('Unknown authorization request');
      return;
    }
    pending.delete(id);
    const code = `code-${randomUUID()}`;
    codes.set(code, {
      clientId: request.client.client_id,
      challenge: request.params.codeChallenge,
      resource: request.params.resource,
    });
    stats.codes += 1;
    const target = new URL(request.params.redirectUri);
    target.searchParams.set('code', code);
    if (request.params.state !== undefined) target.searchParams.set('state', request.params.state);
    res.redirect(302, target.href);
  });
  app.post('/oauth/expire', (_req, res) => {
    for (const entry of accessTokens.values()) entry.expiresAt = Math.floor(Date.now() / 1000) - 1;
    res.json({ expired: accessTokens.size });
  });
  app.get('/oauth/stats', (_req, res) => {
    res.json(stats);
  });
  app.post(
    '/oauth/mcp',
    requireBearerAuth({
      verifier: provider,
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(resourceServerUrl),
    }),
    (req, res) => {
      void mcp(req, res);
    },
  );
  return (req, res) => {
    app(req, res);
  };
}
