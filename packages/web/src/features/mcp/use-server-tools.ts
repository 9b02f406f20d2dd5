import type { McpServer } from '@parley/core/entities';
import { useCallback, useEffect, useState } from 'react';
import { customSecretsIn, retryingImport, useKeyVault } from '../../state';
import type { McpTool } from './mcp-client';
import { headersOf } from './mcp-tool-source';

export type ServerState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; tools: McpTool[]; transport: 'streamable-http' | 'sse' }
  | { status: 'failed'; message: string };

/**
 * Connects one server (the SDK loads here, with the first server shown) and lists its tools; lists
 * again when the server says they changed.
 */
export function useServerTools(server: McpServer) {
  const vaultSecrets = useKeyVault((state) => state.secrets);
  const vaultStatus = useKeyVault((state) => state.status);
  const secrets = customSecretsIn({ secrets: vaultSecrets, status: vaultStatus });
  const [state, setState] = useState<ServerState>({ status: 'idle' });
  const headers = JSON.stringify(headersOf(server, secrets));
  const { id, url, transport, auth, enabled } = server;

  const connect = useCallback(async () => {
    setState({ status: 'connecting' });
    try {
      const pool = await retryingImport(() => import('./mcp-pool'));
      const access = { server, headers: JSON.parse(headers) as Record<string, string> };
      const connection = await pool.connection(access);
      const tools = await pool.toolsOf(access);
      setState({ status: 'connected', tools, transport: connection.transport });
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
    // The server's identity and access, not the whole record (a tool switch must not reconnect).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, url, transport, auth, headers]);

  useEffect(() => {
    if (enabled) void connect();
  }, [enabled, connect]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let live = true;
    void import('./mcp-pool').then((pool) => {
      if (!live) return;
      stop = pool.onToolsChanged((changed) => {
        if (changed === id) void connect();
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [id, connect]);

  return { state, connect };
}
