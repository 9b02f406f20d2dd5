import { discoverOAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpServer } from '@parley/core/entities';
import type { McpCallResult } from '@parley/core/mcp';
import { connectMcp, McpRequestError, type McpConnection, type McpTool } from './mcp-client';
import {
  OAUTH_CALLBACK_PATH,
  parseOAuthRecord,
  VaultOAuthProvider,
  type OAuthVaultEntry,
} from './oauth-provider';

/**
 * The open connections of this tab, one per server and settings: the chat and the Servers screen
 * share them, so listing tools for every answer costs no new handshake. A connection that failed
 * is dropped, so the next use tries again.
 */

export interface ServerAccess {
  server: McpServer;
  headers: Record<string, string>;
  /** The vault entry of a server with `auth: 'oauth'` (tokens, client registration: MC9). */
  oauth?: OAuthVaultEntry | undefined;
}

const LIST_TIMEOUT_MS = 10_000;
const open = new Map<string, Promise<McpConnection>>();
const listeners = new Set<(serverId: string) => void>();

function keyOf({ server, headers }: ServerAccess): string {
  return JSON.stringify([server.id, server.url, server.transport, server.auth, headers]);
}

/**
 * Signed in: the tokens are sent, and refreshed when refused (decision 0058). Not signed in: no
 * provider, so the server's 401 reads "sign in" without the SDK registering a client in the
 * background (only the user's sign-in registers, so two registrations never race).
 */
function backgroundProvider({ server, oauth }: ServerAccess): VaultOAuthProvider | undefined {
  if (server.auth !== 'oauth' || !oauth || !parseOAuthRecord(oauth.read()).tokens) return undefined;
  return new VaultOAuthProvider(oauth, location.origin + OAUTH_CALLBACK_PATH);
}

/**
 * An access token past its `expires_in` is refreshed before connecting (the SDK's auth() refreshes
 * with the stored refresh token). A refresh that fails leaves the old token: the server's 401 then
 * takes the usual way (refresh again, else "sign in").
 */
async function refreshIfExpired(provider: VaultOAuthProvider | undefined, serverUrl: string): Promise<void> {
  if (!provider?.needsRefresh()) return;
  try {
    const { auth } = await import('@modelcontextprotocol/sdk/client/auth.js');
    await auth(provider, { serverUrl });
  } catch {
    // The connection below says what is wrong.
  }
}

/** Told when a server says its tools changed (the Servers screen lists them again). */
export function onToolsChanged(listener: (serverId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function connection(access: ServerAccess): Promise<McpConnection> {
  const key = keyOf(access);
  let pending = open.get(key);
  if (!pending) {
    const authProvider = backgroundProvider(access);
    pending = refreshIfExpired(authProvider, access.server.url).then(() =>
      connectMcp({
        server: access.server,
        headers: access.headers,
        authProvider,
        timeoutMs: LIST_TIMEOUT_MS,
        onToolsChanged: () => listeners.forEach((listener) => listener(access.server.id)),
      }),
    );
    open.set(key, pending);
    pending.catch(() => open.delete(key));
  }
  return pending;
}

/** Forgets a server's connections (removed, edited, or after a failure). */
export async function disconnect(serverId: string): Promise<void> {
  for (const [key, pending] of open) {
    if (!key.startsWith(JSON.stringify([serverId]).slice(0, -1))) continue;
    open.delete(key);
    await pending.then((c) => c.close()).catch(() => undefined);
  }
}

export async function toolsOf(access: ServerAccess): Promise<McpTool[]> {
  try {
    return await (await connection(access)).tools();
  } catch (error) {
    await disconnect(access.server.id);
    throw error;
  }
}

export async function callTool(
  access: ServerAccess,
  name: string,
  args: Record<string, unknown>,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<McpCallResult> {
  try {
    return await (await connection(access)).call(name, args, options);
  } catch (error) {
    // A time-out leaves the session usable; anything else starts the next call afresh.
    if (!(error instanceof McpRequestError && error.failure.kind === 'timeout')) {
      await disconnect(access.server.id);
    }
    throw error;
  }
}

export { McpRequestError };

/**
 * Whether a server that refused a request without sign-in says how to sign in: its protected
 * resource metadata (RFC 9728) names an authorization server. A server that wants a fixed token
 * has none, and keeps the "check the token" message.
 */
export async function offersOAuth(url: string): Promise<boolean> {
  try {
    const metadata = await discoverOAuthProtectedResourceMetadata(url);
    return (metadata.authorization_servers?.length ?? 0) > 0;
  } catch {
    return false;
  }
}
