import { describe, expect, it } from 'vitest';
import { parseChat, parsePlugin } from '../../src/entities';
import type { Plugin } from '../../src/entities';
import {
  canEnableAnotherPlugin,
  chatPlugins,
  PLUGIN_LIMIT_WITHOUT_UNLIMITED,
  pluginStatus,
  resolvePluginSettings,
  toggleChatPlugin,
} from '../../src/plugins';

const now = '2026-11-25T00:00:00.000Z';

function plugin(id: string, fields: Record<string, unknown> = {}): Plugin {
  return parsePlugin({
    id,
    createdAt: now,
    updatedAt: now,
    openaiSpec: { name: `fn_${id}`, description: 'd' },
    ...fields,
  });
}

const noSettings = () => ({ missing: [] });
const premium = { unlimited: true };
const standard = { unlimited: false };

describe('chat plugins', () => {
  it('PL20 a chat without a choice uses every enabled, installed, not deleted plugin', () => {
    const plugins = [
      plugin('a'),
      plugin('b', { enabled: false }),
      plugin('c', { deletedAt: now }),
      plugin('d', { installed: false }),
      plugin('e'),
    ];
    const chat = parseChat({ id: 'ch-1' });
    expect(chat.pluginIds).toBeNull();
    expect(chatPlugins(chat, plugins, noSettings, premium).map((p) => p.id)).toEqual(['a', 'e']);
  });

  it('PL21 a chat with a choice uses only the chosen plugins that are enabled', () => {
    const plugins = [plugin('a'), plugin('b', { enabled: false }), plugin('c')];
    const chat = { pluginIds: ['b', 'c'] };
    expect(chatPlugins(chat, plugins, noSettings, premium).map((p) => p.id)).toEqual(['c']);
    expect(chatPlugins({ pluginIds: [] }, plugins, noSettings, premium)).toEqual([]);
  });

  it('PL22 a plugin missing a required setting, or with only MCP functions, is not usable', () => {
    const needsKey = plugin('k', {
      userSettings: [{ name: 'key', label: 'API key', type: 'password', required: true }],
    });
    const mcpOnly = plugin('m', {
      openaiSpec: null,
      pluginFunctions: [{ name: 'remote', implementationType: 'mcp', serverConfig: { mcpServers: {} } }],
    });
    const status = (p: Plugin) => resolvePluginSettings(p, undefined, {});
    expect(chatPlugins({ pluginIds: null }, [needsKey, mcpOnly], status, premium)).toEqual([]);
    expect(pluginStatus(needsKey, status(needsKey)).blocks).toEqual([
      { kind: 'missing_settings', settings: [expect.objectContaining({ name: 'key' })] },
    ]);
    expect(pluginStatus(mcpOnly, status(mcpOnly)).blocks).toEqual([{ kind: 'needs_mcp_server' }]);
    const withKey = (p: Plugin) => resolvePluginSettings(p, undefined, { key: 'k1' });
    expect(chatPlugins({ pluginIds: null }, [needsKey], withKey, premium).map((p) => p.id)).toEqual(['k']);
  });

  it('PL23 without unlimitedPlugins only the first enabled plugins up to the limit are used', () => {
    const plugins = ['a', 'b', 'c', 'd', 'e'].map((id) => plugin(id));
    expect(PLUGIN_LIMIT_WITHOUT_UNLIMITED).toBe(3);
    expect(chatPlugins({ pluginIds: null }, plugins, noSettings, standard).map((p) => p.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(chatPlugins({ pluginIds: ['d', 'e'] }, plugins, noSettings, standard)).toEqual([]);
    expect(chatPlugins({ pluginIds: null }, plugins, noSettings, premium)).toHaveLength(5);
    expect(canEnableAnotherPlugin(plugins.slice(0, 2), false)).toBe(true);
    expect(canEnableAnotherPlugin(plugins.slice(0, 3), false)).toBe(false);
    expect(canEnableAnotherPlugin(plugins, true)).toBe(true);
  });

  it('PL24 toggling a plugin in a chat starts from the enabled plugins and keeps the rest', () => {
    const plugins = [plugin('a'), plugin('b'), plugin('c', { enabled: false })];
    expect(toggleChatPlugin({ pluginIds: null }, plugins, 'a', false, premium)).toEqual(['b']);
    expect(toggleChatPlugin({ pluginIds: ['b'] }, plugins, 'a', true, premium)).toEqual(['b', 'a']);
  });

  it('PL25 migrations: chats get no choice, stored plugins start enabled unless uninstalled', () => {
    const chat = parseChat({ id: 'ch-1', schemaVersion: 3 });
    expect(chat).toMatchObject({ schemaVersion: 9, pluginIds: null });
    expect(parseChat({ id: 'ch-2', pluginIds: ['p'] }).pluginIds).toEqual(['p']);
    const old = parsePlugin({ id: 'p', schemaVersion: 1 });
    expect(old).toMatchObject({ schemaVersion: 2, enabled: true });
    expect(parsePlugin({ id: 'p', schemaVersion: 1, installed: false }).enabled).toBe(false);
    expect(parsePlugin({ id: 'p', schemaVersion: 2, enabled: false }).enabled).toBe(false);
  });
});
