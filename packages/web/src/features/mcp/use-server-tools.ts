import type { McpServer } from '@parley/core/entities';
import { useEffect, useState } from 'react';
import { customSecretsIn, retryingImport, useKeyVault, useKeyVaultStore } from '../../state';
import type { McpTool } from './mcp-client';
import type * as McpPoolModule from './mcp-pool';
import { headersOf } from './mcp-tool-source';
import type { OAuthVaultEntry } from './oauth-provider';
import { oauthVaultEntry } from './oauth-vault-entry';

type McpPool = typeof McpPoolModule;

export type ServerState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; tools: McpTool[]; transport: 'streamable-http' | 'sse' }
  | { status: 'failed'; message: string }
  /** The server wants an OAuth sign-in (decision 0058): no tokens, or they no longer work. */
  | { status: 'signIn' };

/** Connects (the SDK loads here, with the first server shown) and lists the tools; never rejects. */
async function readServer(
  server: McpServer,
  headers: Record<string, string>,
  oauth: OAuthVaultEntry,
): Promise<ServerState> {
  const failed = (error: unknown): ServerState => ({
    status: 'failed',
    message: error instanceof Error ? error.message : String(error),
  });
  let pool: McpPool;
  try {
    pool = await retryingImport(() => import('./mcp-pool'));
  } catch (error) {
    return failed(error);
  }
  try {
    const access = { server, headers, oauth };
    const connection = await pool.connection(access);
    const tools = await pool.toolsOf(access);
    return { status: 'connected', tools, transport: connection.transport };
  } catch (error) {
    const refused = error instanceof pool.McpRequestError && error.failure.kind === 'unauthorized';
    // A server added without sign-in that names an authorization server asks for OAuth.
    if (
      refused &&
      (server.auth === 'oauth' || (server.auth === 'none' && (await pool.offersOAuth(server.url))))
    )
      return { status: 'signIn' };
    return failed(error);
  }
}

/** One server's status and tools, read again when its address or access changes or it says so. */
export function useServerTools(server: McpServer) {
  const vaultSecrets = useKeyVault((state) => state.secrets);
  const vaultStatus = useKeyVault((state) => state.status);
  const vault = useKeyVaultStore();
  const secrets = customSecretsIn({ secrets: vaultSecrets, status: vaultStatus });
  const [state, setState] = useState<ServerState>(() =>
    server.enabled ? { status: 'connecting' } : { status: 'idle' },
  );
  const [round, setRound] = useState(0);
  const headers = JSON.stringify(headersOf(server, secrets));
  // The server's identity and access, not the whole record: a tool switch must not reconnect.
  const access = JSON.stringify([server.id, server.url, server.transport, server.auth, server.enabled]);

  useEffect(() => {
    const [id, url, transport, auth, enabled] = JSON.parse(access) as [
      string,
      string,
      McpServer['transport'],
      McpServer['auth'],
      boolean,
    ];
    if (!enabled) return;
    let live = true;
    const entry = { ...server, id, url, transport, auth };
    const oauth = oauthVaultEntry(
      id,
      () => customSecretsIn(vault.getState()),
      (change) => vault.getState().updateCustomSecrets(change),
    );
    void readServer(entry, JSON.parse(headers) as Record<string, string>, oauth).then((next) => {
      if (live) setState(next);
    });
    return () => {
      live = false;
    };
    // `server` is read for its other fields only; `access` and `headers` say when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [access, headers, round]);

  // A server that says its tools changed is read again.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import('./mcp-pool').then((pool) => {
      if (live) stop = pool.onToolsChanged((changed) => changed === server.id && setRound((n) => n + 1));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [server.id]);

  const connect = () => {
    setState({ status: 'connecting' });
    setRound((n) => n + 1);
  };
  return { state, connect };
}
