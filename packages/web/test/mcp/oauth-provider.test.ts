import { mcpOAuthSecretId } from '@parley/core/mcp';
import { describe, expect, it } from 'vitest';
import { createKeyVaultStore } from '../../src/state/key-vault/key-vault-store';
import { customSecretsIn } from '../../src/state/key-vault/provider-access';
import { browserVaultCrypto } from '../../src/state/key-vault/vault-crypto';
import { newState, parseOAuthRecord, VaultOAuthProvider } from '../../src/features/mcp/oauth-provider';
import { finishSignIn, SignInError, takePageResult } from '../../src/features/mcp/oauth-sign-in';
import { oauthVaultEntry } from '../../src/features/mcp/oauth-vault-entry';

const ACCESS = 'at-secret-access-token-5e1c';
const tokens = { access_token: ACCESS, token_type: 'bearer', refresh_token: 'rt-secret-refresh-9a0d' };
const client = { client_id: 'client-1', redirect_uris: ['https://parley.test/oauth-callback.html'] };
const REDIRECT = 'https://parley.test/oauth-callback.html';

function setup() {
  const storage = {
    value: null as string | null,
    read: () => storage.value,
    write: (text: string | null) => void (storage.value = text),
  };
  const vault = createKeyVaultStore(storage, browserVaultCrypto(globalThis.crypto));
  const entry = oauthVaultEntry(
    'srv-1',
    () => customSecretsIn(vault.getState()),
    (change) => vault.getState().updateCustomSecrets(change),
  );
  const provider = new VaultOAuthProvider(entry, REDIRECT, () => 'abc123');
  const record = () => parseOAuthRecord(customSecretsIn(vault.getState())[mcpOAuthSecretId('srv-1')]);
  return { storage, vault, entry, provider, record };
}

describe('MCP OAuth client state in the key vault (MC9, decision 0058)', () => {
  it('MC9 keeps tokens and the client registration under mcp:<id>#oauth, sealed once the vault has a password', async () => {
    const { storage, vault, provider, record } = setup();
    await provider.saveClientInformation(client);
    await provider.saveTokens(tokens);
    expect(record()).toEqual({ client, tokens, tokensSavedAt: expect.any(Number) });
    expect(provider.tokens()).toEqual(tokens);
    expect(provider.clientInformation()).toEqual(client);

    await vault.getState().setPassword('correct horse');
    expect(storage.value).not.toContain(ACCESS);
    // Still readable in this session (the vault is open).
    expect(provider.tokens()).toEqual(tokens);
  }, 60_000);

  it('a background connection never stores a verifier nor opens anything: it only notes that sign-in is needed', async () => {
    const { provider, record } = setup();
    await provider.saveCodeVerifier('verifier-1');
    await provider.redirectToAuthorization(new URL('https://auth.test/authorize?state=popup.abc123'));
    expect(provider.needsSignIn).toBe(true);
    expect(record()).toEqual({});
  });

  it('a sign-in stores the verifier and the state of its authorization URL, then opens it', async () => {
    const { provider, record } = setup();
    const opened: string[] = [];
    provider.beginSignIn('page', (url) => opened.push(url.href));
    expect(provider.state()).toBe('page.abc123');
    await provider.saveCodeVerifier('verifier-1');
    await provider.redirectToAuthorization(new URL('https://auth.test/authorize?state=page.abc123'));
    expect(opened).toEqual(['https://auth.test/authorize?state=page.abc123']);
    expect(record()).toEqual({ verifier: 'verifier-1', state: 'page.abc123' });
    expect(provider.codeVerifier()).toBe('verifier-1');
    // The exchange's tokens end the sign-in: verifier and state are dropped.
    await provider.saveTokens(tokens);
    expect(record()).toEqual({ tokens, tokensSavedAt: expect.any(Number) });
  });

  it('sign out (invalidate all) forgets the entry; invalidating tokens keeps the registration', async () => {
    const { vault, provider } = setup();
    await provider.saveClientInformation(client);
    await provider.saveTokens(tokens);
    await provider.invalidateCredentials('tokens');
    expect(provider.tokens()).toBeUndefined();
    expect(provider.clientInformation()).toEqual(client);
    await provider.invalidateCredentials('all');
    expect(customSecretsIn(vault.getState())).toEqual({});
  });

  it('the state names how the authorization page was opened, and is random otherwise', () => {
    expect(newState('popup', () => 'ff')).toBe('popup.ff');
    const a = newState('page');
    const b = newState('page');
    expect(a).toMatch(/^page\.[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
  });
});

describe('token expiry (decision 0058)', () => {
  it('an access token is due for refresh by its expires_in, half a minute early, only with a refresh token', async () => {
    const { entry } = setup();
    let now = 1_000_000;
    const provider = new VaultOAuthProvider(
      entry,
      REDIRECT,
      () => 'abc123',
      () => now,
    );
    await provider.saveTokens({ ...tokens, expires_in: 3600 });
    expect(provider.needsRefresh()).toBe(false);
    now += 3600_000 - 31_000;
    expect(provider.needsRefresh()).toBe(false);
    now += 2_000;
    expect(provider.needsRefresh()).toBe(true);
    await provider.saveTokens({ access_token: 'no-refresh', token_type: 'bearer', expires_in: 10 });
    now += 60_000;
    expect(provider.needsRefresh()).toBe(false);
    await provider.saveTokens({ ...tokens });
    now += 10 * 3600_000;
    expect(provider.needsRefresh()).toBe(false);
  }, 60_000);
});

describe('the callback of an MCP OAuth sign-in', () => {
  it('refuses a code whose state is not the one this sign-in stored, before any request', async () => {
    const { provider } = setup();
    provider.beginSignIn('popup', () => undefined);
    await provider.saveCodeVerifier('verifier-1');
    await provider.redirectToAuthorization(new URL('https://auth.test/authorize?state=popup.abc123'));
    // An unreachable server: a request would fail differently.
    const message = { type: 'parley-mcp-oauth' as const, state: 'popup.forged', code: 'stolen' };
    await expect(finishSignIn(provider, 'http://127.0.0.1:9/mcp', message)).rejects.toThrow(
      'The sign-in answer does not belong to this sign-in (state mismatch).',
    );
    // The right state goes on to the SDK's exchange (which wants the client registration first).
    await expect(
      finishSignIn(provider, 'http://127.0.0.1:9/mcp', { ...message, state: 'popup.abc123' }),
    ).rejects.toThrow('Existing OAuth client information is required');
  });

  it('a refusal from the authorization server is said as such', async () => {
    const { provider } = setup();
    provider.beginSignIn('popup', () => undefined);
    await provider.redirectToAuthorization(new URL('https://auth.test/authorize?state=popup.abc123'));
    const refusal = {
      type: 'parley-mcp-oauth' as const,
      state: 'popup.abc123',
      error: 'access_denied',
      errorDescription: 'The user said no',
    };
    const attempt = finishSignIn(provider, 'http://127.0.0.1:9/mcp', refusal);
    await expect(attempt).rejects.toThrow(SignInError);
    await expect(attempt).rejects.toThrow('The authorization server refused the sign-in: The user said no.');
  });

  it('a full-page sign-in leaves its answer in session storage, read once', () => {
    const answer = { type: 'parley-mcp-oauth', state: 'page.abc123', code: 'c1' };
    sessionStorage.setItem('parley-mcp-oauth-result', JSON.stringify(answer));
    expect(takePageResult(sessionStorage)).toEqual(answer);
    expect(takePageResult(sessionStorage)).toBeNull();
    sessionStorage.setItem('parley-mcp-oauth-result', '{"type":"other"}');
    expect(takePageResult(sessionStorage)).toBeNull();
  });
});
