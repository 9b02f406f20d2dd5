import type { Plugin } from '../entities';
import { pluginFunctionsOf } from '../plugins';

/**
 * MC10: the MCP servers a generation-2 plugin's `mcp` functions name in their `serverConfig`
 * (`{ mcpServers: { NAME: { url, headers } | { command, args } } }`). HTTP(S) servers become
 * server entries; a server with a command (stdio) cannot run in a browser and is only named.
 */

export interface PluginHttpServer {
  name: string;
  url: string;
  /** Header values go to the key vault, never into the synced entry. */
  headers: Record<string, string>;
  transport: 'auto' | 'sse';
}

export interface PluginMcpServers {
  http: PluginHttpServer[];
  /** Names of servers run by a command (stdio): not runnable in a browser. */
  stdio: string[];
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

export function mcpServersOfPlugin(plugin: Plugin): PluginMcpServers {
  const http = new Map<string, PluginHttpServer>();
  const stdio = new Set<string>();
  for (const fn of pluginFunctionsOf(plugin)) {
    if (fn.implementationType !== 'mcp') continue;
    const servers = record(record(fn.serverConfig)?.mcpServers) ?? {};
    for (const [name, raw] of Object.entries(servers)) {
      const config = record(raw) ?? {};
      const url = typeof config.url === 'string' ? config.url.trim() : '';
      if (/^https?:\/\//i.test(url)) {
        const headers: Record<string, string> = {};
        for (const [key, value] of Object.entries(record(config.headers) ?? {}))
          if (typeof value === 'string') headers[key] = value;
        const sse = config.type === 'sse' || config.transport === 'sse';
        if (!http.has(url)) http.set(url, { name, url, headers, transport: sse ? 'sse' : 'auto' });
      } else {
        stdio.add(name);
      }
    }
  }
  return { http: [...http.values()], stdio: [...stdio] };
}
