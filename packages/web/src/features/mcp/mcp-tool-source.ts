import type { McpServer } from '@parley/core/entities';
import {
  chatMcpServers,
  mcpHeaderSecretId,
  mcpToolResult,
  modelParameters,
  offeredTools,
} from '@parley/core/mcp';
import type { CustomSecrets } from '@parley/core/models';
import type { ChatTool, ToolResult, ToolSource } from '@parley/core/tools';
import { retryingImport } from '../../state';
import { oauthVaultEntry } from './oauth-vault-entry';

/**
 * MCP servers as one tool source (MC3-MC8): the chat's enabled servers, each tool the user left
 * on. The SDK (mcp-pool and the client) loads only when a chat has a server to use.
 */

export interface McpToolSourceDeps {
  servers: () => readonly McpServer[];
  /** The open chat's choice (`mcpServerIds`); null: every enabled server. */
  chosen: () => readonly string[] | null;
  secrets: () => CustomSecrets;
  /** Writes the key vault's secrets: OAuth tokens refreshed during an answer are kept (MC9). */
  updateSecrets?: ((change: (current: CustomSecrets) => CustomSecrets) => Promise<void>) | undefined;
  /** A server could not list its tools: they are not offered, the answer goes on. */
  onServerFailed?: (server: McpServer, message: string) => void;
}

interface Entry {
  server: McpServer;
  name: string;
}

const loadPool = () => retryingImport(() => import('./mcp-pool'));

export function headersOf(server: McpServer, secrets: CustomSecrets): Record<string, string> {
  const headers: Record<string, string> = {};
  if (server.auth !== 'headers') return headers;
  for (const name of server.headerNames) {
    const value = secrets[mcpHeaderSecretId(server.id, name)];
    if (typeof value === 'string' && value !== '') headers[name] = value;
  }
  return headers;
}

const cutNote = (chars: number) =>
  `The result had ${chars.toLocaleString('en')} characters; the model got the first 100,000.`;

/** A server's failure, said in one short line: its first line, at most 160 characters. */
function shortMessage(message: string): string {
  const line =
    message
      .split(/\r?\n/)
      .find((text) => text.trim() !== '')
      ?.trim() ?? message.trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

export function createMcpToolSource(deps: McpToolSourceDeps): ToolSource {
  let entries = new Map<string, Entry>();
  // A server that keeps failing is reported once, not before every message: again only when it has
  // worked in between or fails differently.
  const failing = new Map<string, string>();
  const accessOf = (server: McpServer) => ({
    server,
    headers: headersOf(server, deps.secrets()),
    oauth: deps.updateSecrets ? oauthVaultEntry(server.id, deps.secrets, deps.updateSecrets) : undefined,
  });
  return {
    async list() {
      const servers = chatMcpServers(deps.servers(), deps.chosen());
      if (servers.length === 0) return [];
      const pool = await loadPool();
      const perServer = await Promise.all(
        servers.map(async (server) => {
          try {
            const tools = await pool.toolsOf(accessOf(server));
            failing.delete(server.id);
            const off = new Set(server.disabledTools);
            return tools.filter((tool) => !off.has(tool.name)).map((tool) => ({ ...tool, server }));
          } catch (error) {
            const message = shortMessage(error instanceof Error ? error.message : String(error));
            if (failing.get(server.id) !== message) deps.onServerFailed?.(server, message);
            failing.set(server.id, message);
            return [];
          }
        }),
      );
      const all = perServer.flat().map((tool) => ({ ...tool, serverId: tool.server.id }));
      const { offered } = offeredTools(all);
      entries = new Map(offered.map((tool) => [tool.modelName, { server: tool.server, name: tool.name }]));
      return offered.map((tool): ChatTool => ({
        definition: {
          name: tool.modelName,
          description: tool.description ?? tool.title ?? tool.name,
          parameters: modelParameters(tool.inputSchema),
        },
        origin: { kind: 'mcp', id: tool.server.id, title: tool.server.name || tool.server.url, emoji: '🧩' },
        outputType: 'respond_to_ai',
      }));
    },

    async run(_tool, call, context): Promise<ToolResult> {
      const entry = entries.get(call.name);
      if (!entry) return { status: 'error', message: `Unknown function: ${call.name}` };
      const pool = await loadPool();
      const access = accessOf(entry.server);
      try {
        const result = await pool.callTool(access, entry.name, call.arguments, {
          signal: context.signal,
          timeoutMs: context.timeoutMs,
        });
        return mcpToolResult(result, cutNote);
      } catch (error) {
        return { status: 'error', message: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
