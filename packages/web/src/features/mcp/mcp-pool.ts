import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { McpServer } from '@parley/core/entities';
import type { McpCallResult } from '@parley/core/mcp';
import { connectMcp, McpRequestError, type McpConnection, type McpTool } from './mcp-client';

/**
 * The open connections of this tab, one per server and settings: the chat and the Servers screen
 * share them, so listing tools for every answer costs no new handshake. A connection that failed
 * is dropped, so the next use tries again.
 */

export interface ServerAccess {
  server: McpServer;
  headers: Record<string, string>;
  /** The OAuth flow of a server with `auth: 'oauth'` (its tokens are in the key vault). */
  authProvider?: OAuthClientProvider | undefined;
}

const LIST_TIMEOUT_MS = 10_000;
const open = new Map<string, Promise<McpConnection>>();
const listeners = new Set<(serverId: string) => void>();

function keyOf({ server, headers }: ServerAccess): string {
  return JSON.stringify([server.id, server.url, server.transport, server.auth, headers]);
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
    pending = connectMcp({
      server: access.server,
      headers: access.headers,
      authProvider: access.authProvider,
      timeoutMs: LIST_TIMEOUT_MS,
      onToolsChanged: () => listeners.forEach((listener) => listener(access.server.id)),
    });
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
