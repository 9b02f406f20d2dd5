import type { Plugin } from '@parley/core/entities';
import { mcpServersOfPlugin } from '@parley/core/mcp';
import { useCallback } from 'react';
import { useMcpServers } from './use-mcp-servers';

/**
 * MC10: after a plugin file is installed, its `mcp` functions' HTTP servers become server entries
 * (an address already listed is not added twice); stdio servers are only named, for the message.
 */
export function useAddPluginServers() {
  const { servers, addAll } = useMcpServers();
  return useCallback(
    async (plugin: Plugin): Promise<{ added: string[]; stdio: string[] }> => {
      const found = mcpServersOfPlugin(plugin);
      const known = new Set(servers.map((server) => server.url));
      const fresh = found.http.filter((server) => !known.has(server.url));
      await addAll(
        fresh.map((server) => {
          const headers = Object.entries(server.headers).map(([name, value]) => ({ name, value }));
          return {
            name: server.name,
            url: server.url,
            transport: server.transport,
            auth: headers.length > 0 ? ('headers' as const) : ('none' as const),
            headers,
          };
        }),
      );
      return { added: fresh.map((server) => server.name), stdio: found.stdio };
    },
    [servers, addAll],
  );
}
