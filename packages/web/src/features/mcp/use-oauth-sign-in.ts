import type { McpServer } from '@parley/core/entities';
import { mcpOAuthSecretId } from '@parley/core/mcp';
import { useCallback, useEffect, useState } from 'react';
import {
  customSecretsIn,
  retryingImport,
  useKeyVault,
  useKeyVaultStore,
  type KeyVaultStore,
} from '../../state';
import { hasPageSignInResult } from './oauth-page-result';
import { OAUTH_CALLBACK_PATH, parseOAuthRecord, VaultOAuthProvider } from './oauth-provider';
import { oauthVaultEntry } from './oauth-vault-entry';

/** The popup's name: a second click reuses the window instead of opening another. */
const POPUP_NAME = 'parley-mcp-oauth';
const POPUP_FEATURES = 'popup,width=520,height=720';

const entryOf = (vault: KeyVaultStore, serverId: string) =>
  oauthVaultEntry(
    serverId,
    () => customSecretsIn(vault.getState()),
    (change) => vault.getState().updateCustomSecrets(change),
  );

/**
 * Sign in and Sign out of one OAuth MCP server (decision 0058). The popup opens in the click
 * itself (a window opened after an await is blocked); the SDK's code loads after that.
 */
export function useOAuthSignIn(
  server: McpServer,
  onChange: (change: Partial<McpServer>) => void,
  afterChange: () => void,
) {
  const vault = useKeyVaultStore();
  const signedIn = useKeyVault(
    (state) => parseOAuthRecord(customSecretsIn(state)[mcpOAuthSecretId(server.id)]).tokens !== undefined,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = () => {
    const popup = window.open('about:blank', POPUP_NAME, POPUP_FEATURES);
    // The authorization page gets no handle on this tab (it could navigate it).
    if (popup) popup.opener = null;
    setBusy(true);
    setError(null);
    void (async () => {
      try {
        if (server.auth !== 'oauth') onChange({ auth: 'oauth', headerNames: [] });
        const flow = await retryingImport(() => import('./oauth-sign-in'));
        const pool = await retryingImport(() => import('./mcp-pool'));
        await flow.signIn({
          serverUrl: server.url,
          entry: entryOf(vault, server.id),
          origin: location.origin,
          popup,
          leave: (url) => location.assign(url),
          channel: () => new BroadcastChannel(flow.OAUTH_CHANNEL),
        });
        await pool.disconnect(server.id);
        afterChange();
      } catch (cause) {
        setError(cause instanceof Error ? cause.message : String(cause));
      } finally {
        setBusy(false);
      }
    })();
  };

  const signOut = async () => {
    await entryOf(vault, server.id).write(() => undefined);
    const pool = await retryingImport(() => import('./mcp-pool'));
    await pool.disconnect(server.id);
    afterChange();
  };

  return { signedIn, busy, error, signIn, signOut };
}

/**
 * A sign-in that took the whole tab to the authorization page comes back here: the callback page
 * left the code in this tab's session storage. The server whose stored state matches gets it.
 */
export function usePageSignInResult(servers: readonly McpServer[], onSignedIn: () => void) {
  const vault = useKeyVaultStore();
  const vaultOpen = useKeyVault((state) => state.status === 'open');
  const finish = useCallback(async () => {
    const flow = await retryingImport(() => import('./oauth-sign-in'));
    const message = flow.takePageResult(sessionStorage);
    if (!message) return;
    for (const server of servers) {
      const provider = new VaultOAuthProvider(
        entryOf(vault, server.id),
        location.origin + OAUTH_CALLBACK_PATH,
      );
      if (provider.expectedState() !== message.state) continue;
      await flow.finishSignIn(provider, server.url, message);
      const pool = await retryingImport(() => import('./mcp-pool'));
      await pool.disconnect(server.id);
      onSignedIn();
      return;
    }
  }, [servers, vault, onSignedIn]);

  useEffect(() => {
    if (!vaultOpen || typeof sessionStorage === 'undefined') return;
    if (!hasPageSignInResult(sessionStorage)) return;
    void finish().catch(() => undefined);
    // Once per screen opening, when the vault is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [vaultOpen]);
}
