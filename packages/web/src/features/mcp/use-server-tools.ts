import type { McpServer } from '@parley/core/entities';
import { useEffect, useState } from 'react';
import { customSecretsIn, retryingImport, useKeyVault } from '../../state';
import type { McpTool } from './mcp-client';
import { headersOf } from './mcp-tool-source';

export type ServerState =
  | { status: 'idle' }
  | { status: 'connecting' }
  | { status: 'connected'; tools: McpTool[]; transport: 'streamable-http' | 'sse' }
  | { status: 'failed'; message: string };

/** Connects (the SDK loads here, with the first server shown) and lists the tools; never rejects. */
async function readServer(server: McpServer, headers: Record<string, string>): Promise<ServerState> {
  try {
    const pool = await retryingImport(() => import('./mcp-pool'));
    const connection = await pool.connection({ server, headers });
    const tools = await pool.toolsOf({ server, headers });
    return { status: 'connected', tools, transport: connection.transport };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
}

/** One server's status and tools, read again when its address or access changes or it says so. */
export function useServerTools(server: McpServer) {
  const vaultSecrets = useKeyVault((state) => state.secrets);
  const vaultStatus = useKeyVault((state) => state.status);
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
    void readServer(entry, JSON.parse(headers) as Record<string, string>).then((next) => {
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
