import { describe, expect, it } from 'vitest';
import { parseChat, parseMcpServer, parsePlugin, parseSyncedSettings } from '../../src/entities';
import {
  chatMcpServers,
  defaultServerName,
  mcpHeaderSecretId,
  mcpOAuthSecretId,
  mcpServersOfPlugin,
  mcpUrlProblem,
  toggleChatMcpServer,
} from '../../src/mcp';
import { mergeSettingsSection } from '../../src/sync';

const server = (id: string, fields: Record<string, unknown> = {}) =>
  parseMcpServer({ id, url: `https://${id}.example/mcp`, ...fields });

describe('MCP servers', () => {
  it('MC1 only http(s) addresses are accepted; the default name is the host', () => {
    expect(mcpUrlProblem('https://mcp.example.com/mcp')).toBeNull();
    expect(mcpUrlProblem('')).toBe('empty');
    expect(mcpUrlProblem('not a url')).toBe('invalid');
    expect(mcpUrlProblem('ftp://x.example')).toBe('scheme');
    expect(defaultServerName('http://127.0.0.1:8812/mcp')).toBe('127.0.0.1:8812');
  });

  it('MC7 a chat without a choice uses every enabled server; a choice narrows it', () => {
    const servers = [server('a'), server('b', { enabled: false }), server('c', { deletedAt: Date.now() })];
    expect(chatMcpServers(servers, null).map((s) => s.id)).toEqual(['a']);
    expect(chatMcpServers(servers, ['b', 'c'])).toEqual([]);
    expect(toggleChatMcpServer(servers, null, 'a', false)).toEqual([]);
    expect(toggleChatMcpServer(servers, [], 'a', true)).toEqual(['a']);
  });

  it('MC7 migration: older chats have no MCP choice', () => {
    const chat = parseChat({ id: 'c', schemaVersion: 4, pluginIds: ['p'] });
    expect(chat).toMatchObject({ schemaVersion: 9, pluginIds: ['p'], mcpServerIds: null });
    expect(parseChat({ id: 'c', mcpServerIds: ['s'] }).mcpServerIds).toEqual(['s']);
  });

  it('MC9 secrets have their own vault ids; the synced entry keeps header names only', () => {
    expect(mcpHeaderSecretId('s1', 'Authorization')).toBe('mcp:s1#header:authorization');
    expect(mcpOAuthSecretId('s1')).toBe('mcp:s1#oauth');
    const parsed = server('s1', { auth: 'headers', headerNames: ['Authorization'], headers: undefined });
    expect(Object.keys(parsed)).not.toContain('headerValues');
    expect(parsed).toMatchObject({ schemaVersion: 1, transport: 'auto', disabledTools: [] });
  });

  it('MC9 servers sync in their own settings section, merged server by server', () => {
    const settings = parseSyncedSettings({ mcpServers: [{ id: 'a', url: 'https://a' }, { nope: 1 }] });
    expect(settings.mcpServers.map((s) => s.id)).toEqual(['a']);
    const left = {
      updatedAt: '2026-11-26T01:00:00.000Z',
      data: { mcpServers: [server('a', { updatedAt: '2026-11-26T01:00:00.000Z' })] },
    };
    const right = {
      updatedAt: '2026-11-26T02:00:00.000Z',
      data: { mcpServers: [server('b', { updatedAt: '2026-11-26T02:00:00.000Z' })] },
    };
    const merged = mergeSettingsSection(left, right, 'mcpServers');
    expect((merged.data.mcpServers as { id: string }[]).map((s) => s.id).sort()).toEqual(['a', 'b']);
  });

  it('MC10 a plugin file names HTTP servers to add and stdio servers it cannot run', () => {
    const plugin = parsePlugin({
      id: 'p',
      title: 'Tools',
      pluginFunctions: [
        {
          id: 'f1',
          name: 'remote',
          implementationType: 'mcp',
          openaiSpec: { name: 'remote', description: 'd' },
          serverConfig: {
            mcpServers: {
              weather: { url: 'https://w.example/mcp', headers: { Authorization: 'Bearer t' } },
              files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] },
              legacy: { url: 'https://l.example/sse', type: 'sse' },
            },
          },
        },
      ],
    });
    expect(mcpServersOfPlugin(plugin)).toEqual({
      http: [
        {
          name: 'weather',
          url: 'https://w.example/mcp',
          headers: { Authorization: 'Bearer t' },
          transport: 'auto',
        },
        { name: 'legacy', url: 'https://l.example/sse', headers: {}, transport: 'sse' },
      ],
      stdio: ['files'],
    });
  });
});
