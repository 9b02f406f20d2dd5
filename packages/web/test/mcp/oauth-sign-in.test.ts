// A small real authorization server on loopback (metadata, registration, token with PKCE); the
// app never imports Node.
// eslint-disable-next-line no-restricted-imports
import { createHash } from 'node:crypto';
// eslint-disable-next-line no-restricted-imports
import { createServer, type IncomingMessage, type Server } from 'node:http';
// eslint-disable-next-line no-restricted-imports
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { customSecretsIn } from '../../src/state/key-vault/provider-access';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { parseOAuthRecord } from '../../src/features/mcp/oauth-provider';
import { OAUTH_CHANNEL, signIn, SignInError } from '../../src/features/mcp/oauth-sign-in';
import { oauthVaultEntry } from '../../src/features/mcp/oauth-vault-entry';
import { mcpOAuthSecretId } from '@parley/core/mcp';

let http: Server;
let base = '';
const challenges = new Map<string, string>();
const exchanges: { code: string; verifierOk: boolean }[] = [];

async function form(req: IncomingMessage): Promise<URLSearchParams | Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return req.headers['content-type']?.includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : new URLSearchParams(text);
}

beforeAll(async () => {
  http = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      const path = new URL(req.url ?? '/', base).pathname;
      if (path === '/.well-known/oauth-protected-resource/mcp')
        return json(200, { resource: `${base}/mcp`, authorization_servers: [base] });
      if (path === '/.well-known/oauth-authorization-server')
        return json(200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          registration_endpoint: `${base}/register`,
          response_types_supported: ['code'],
          code_challenge_methods_supported: ['S256'],
        });
      if (path === '/register') {
        const metadata = (await form(req)) as Record<string, unknown>;
        return json(201, { ...metadata, client_id: 'client-unit' });
      }
      if (path === '/token') {
        const body = (await form(req)) as URLSearchParams;
        const code = body.get('code') ?? '';
        const verifier = body.get('code_verifier') ?? '';
        const expected = challenges.get(code);
        const verifierOk = createHash('sha256').update(verifier).digest('base64url') === expected;
        exchanges.push({ code, verifierOk });
        if (!verifierOk) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: 'at-unit', token_type: 'bearer', refresh_token: 'rt-unit' });
      }
      return json(404, {});
    })();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

function vaultEntry() {
  const storage = {
    value: null as string | null,
    read: () => storage.value,
    write: (t: string | null) => void (storage.value = t),
  };
  const vault = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
  const entry = oauthVaultEntry(
    'srv-unit',
    () => customSecretsIn(vault.getState()),
    (change) => vault.getState().updateCustomSecrets(change),
  );
  const record = () => parseOAuthRecord(customSecretsIn(vault.getState())[mcpOAuthSecretId('srv-unit')]);
  return { entry, record };
}

/** A popup window as the flow sees it: the authorization URL it is sent to, closed or not. */
function fakePopup(onOpen: (url: URL) => void) {
  const popup = {
    closed: false,
    location: {
      set href(value: string) {
        onOpen(new URL(value));
      },
    },
    close() {
      popup.closed = true;
    },
  };
  return popup;
}

describe('signing in to an OAuth MCP server (decision 0058)', () => {
  it('registers, sends the popup to the authorization page, ignores a forged answer and exchanges the code with its PKCE verifier', async () => {
    const { entry, record } = vaultEntry();
    const approver = new BroadcastChannel(OAUTH_CHANNEL);
    let opened: URL | undefined;
    const popup = fakePopup((url) => {
      opened = url;
      const state = url.searchParams.get('state') ?? '';
      challenges.set('code-1', url.searchParams.get('code_challenge') ?? '');
      // A forged answer first (another state): it must be ignored, not exchanged.
      approver.postMessage({ type: 'parley-mcp-oauth', state: 'popup.forged', code: 'code-evil' });
      approver.postMessage({ type: 'parley-mcp-oauth', state, code: 'code-1' });
    });
    const result = await signIn({
      serverUrl: `${base}/mcp`,
      entry,
      origin: 'https://parley.test',
      popup: popup as unknown as Window,
      leave: () => {
        throw new Error('the tab must not leave when a popup is open');
      },
      channel: () => new BroadcastChannel(OAUTH_CHANNEL),
    });
    approver.close();

    expect(result).toBe('signed-in');
    expect(opened?.origin + (opened?.pathname ?? '')).toBe(`${base}/authorize`);
    expect(opened?.searchParams.get('redirect_uri')).toBe('https://parley.test/oauth-callback.html');
    expect(opened?.searchParams.get('client_id')).toBe('client-unit');
    expect(opened?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(opened?.searchParams.get('state')).toMatch(/^popup\.[0-9a-f]{32}$/);
    expect(exchanges).toEqual([{ code: 'code-1', verifierOk: true }]);
    const kept = record();
    expect(kept.tokens?.access_token).toBe('at-unit');
    expect(kept.client?.client_id).toBe('client-unit');
    expect(kept.verifier).toBeUndefined();
  });

  it('with popups blocked the tab leaves for the authorization page, its state saying so', async () => {
    const { entry, record } = vaultEntry();
    const left: string[] = [];
    const result = await signIn({
      serverUrl: `${base}/mcp`,
      entry,
      origin: 'https://parley.test',
      popup: null,
      leave: (url) => left.push(url),
      channel: () => new BroadcastChannel(OAUTH_CHANNEL),
    });
    expect(result).toBe('left');
    expect(new URL(left[0]!).searchParams.get('state')).toMatch(/^page\./);
    // What the exchange needs after the page comes back is in the vault.
    expect(record().verifier).toBeTruthy();
    expect(record().state).toMatch(/^page\./);
  });

  it('a popup closed before the answer ends the sign-in with a clear message', async () => {
    const { entry } = vaultEntry();
    const popup = fakePopup(() => {
      popup.closed = true;
    });
    await expect(
      signIn({
        serverUrl: `${base}/mcp`,
        entry,
        origin: 'https://parley.test',
        popup: popup as unknown as Window,
        leave: () => undefined,
        channel: () => new BroadcastChannel(OAUTH_CHANNEL),
      }),
    ).rejects.toThrow(new SignInError('The sign-in window was closed before the sign-in ended.'));
  });
});
