import type { McpServer } from '../entities';

/** Which servers a chat uses, and where their secrets are kept (MC1, MC7, MC9). */

/** MC9: the vault id of a header value of one server. */
export function mcpHeaderSecretId(serverId: string, headerName: string): string {
  return `mcp:${serverId}#header:${headerName.toLowerCase()}`;
}

/** MC9: the vault id of one server's OAuth state (tokens, client registration), as JSON text. */
export function mcpOAuthSecretId(serverId: string): string {
  return `mcp:${serverId}#oauth`;
}

/** MC1: an address the browser can call: http(s) with a host. Null when it is fine, else why not. */
export function mcpUrlProblem(url: string): 'empty' | 'invalid' | 'scheme' | null {
  const text = url.trim();
  if (text === '') return 'empty';
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return 'invalid';
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? null : 'scheme';
}

/** MC1: the name shown when the user gives none: the address's host. */
export function defaultServerName(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** MC7: enabled, undeleted, and chosen by the chat (`mcpServerIds`; null: every enabled one). */
export function chatMcpServers(servers: readonly McpServer[], chosen: readonly string[] | null): McpServer[] {
  const picked = chosen ? new Set(chosen) : null;
  return servers.filter(
    (server) => !server.deletedAt && server.enabled && (!picked || picked.has(server.id)),
  );
}

/** MC7: the chat's list after one server is switched on or off for it. */
export function toggleChatMcpServer(
  servers: readonly McpServer[],
  chosen: readonly string[] | null,
  serverId: string,
  on: boolean,
): string[] {
  const current = chosen ?? chatMcpServers(servers, null).map((server) => server.id);
  const rest = current.filter((id) => id !== serverId);
  return on ? [...rest, serverId] : rest;
}

/** The servers' list with one entry replaced or added (by id), for the synced setting. */
export function withServer(servers: readonly McpServer[], server: McpServer): McpServer[] {
  const at = servers.findIndex((candidate) => candidate.id === server.id);
  return at === -1 ? [...servers, server] : servers.map((candidate, i) => (i === at ? server : candidate));
}
