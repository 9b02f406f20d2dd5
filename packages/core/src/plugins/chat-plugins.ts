import type { Chat, Plugin, PluginUserSetting } from '../entities';
import { pluginFunctionsOf } from './plugin-functions';

/**
 * Which plugins a chat may use (PL20-PL24). The tool registry calls `chatPlugins`; the Plugins
 * screen and the chat's plugins menu call `pluginStatus` to say why a plugin is not usable.
 */

/** Plans without `unlimitedPlugins` may have this many plugins enabled at once (decision 0043). */
export const PLUGIN_LIMIT_WITHOUT_UNLIMITED = 3;

export type PluginBlock =
  /** Required user settings without a value, in declared order. */
  | { kind: 'missing_settings'; settings: readonly PluginUserSetting[] }
  /** Every function is an `mcp` function: it runs only once an MCP server is set up. */
  | { kind: 'needs_mcp_server' };

export interface PluginStatus {
  usable: boolean;
  blocks: readonly PluginBlock[];
}

/** What `resolvePluginSettings` says of a plugin's settings (only `missing` is read). */
export interface PluginSettingsStatus {
  missing: readonly PluginUserSetting[];
}

export function pluginStatus(plugin: Plugin, settings: PluginSettingsStatus): PluginStatus {
  const blocks: PluginBlock[] = [];
  if (settings.missing.length > 0) blocks.push({ kind: 'missing_settings', settings: settings.missing });
  const functions = pluginFunctionsOf(plugin);
  if (functions.length > 0 && functions.every((fn) => fn.implementationType === 'mcp')) {
    blocks.push({ kind: 'needs_mcp_server' });
  }
  return { usable: blocks.length === 0, blocks };
}

/** Installed, not deleted, switched on. */
export function isPluginEnabled(plugin: Plugin): boolean {
  return plugin.installed && plugin.enabled && !plugin.deletedAt;
}

/** The enabled plugins, in the order given, cut to the plan's limit (PL23). */
export function enabledPlugins(plugins: readonly Plugin[], unlimited: boolean): Plugin[] {
  const enabled = plugins.filter(isPluginEnabled);
  return unlimited ? enabled : enabled.slice(0, PLUGIN_LIMIT_WITHOUT_UNLIMITED);
}

/** Whether one more plugin may be switched on (PL23). */
export function canEnableAnotherPlugin(plugins: readonly Plugin[], unlimited: boolean): boolean {
  return unlimited || plugins.filter(isPluginEnabled).length < PLUGIN_LIMIT_WITHOUT_UNLIMITED;
}

export interface PluginLicense {
  /** The license allows `unlimitedPlugins` (Premium and Team). */
  unlimited: boolean;
}

/**
 * The plugins whose functions a chat offers the model, in the order of `plugins`: the chat's own
 * choice (`pluginIds`) or, when it has none, every enabled plugin; only enabled ones within the
 * plan's limit, and only usable ones (every required setting has a value; not MCP-only).
 */
export function chatPlugins(
  chat: Pick<Chat, 'pluginIds'>,
  plugins: readonly Plugin[],
  settingsStatus: (plugin: Plugin) => PluginSettingsStatus,
  license: PluginLicense,
): Plugin[] {
  const allowed = enabledPlugins(plugins, license.unlimited);
  const chosen = chat.pluginIds ? new Set(chat.pluginIds) : null;
  return allowed.filter(
    (plugin) => (!chosen || chosen.has(plugin.id)) && pluginStatus(plugin, settingsStatus(plugin)).usable,
  );
}

/** The chat's choice after switching one plugin on or off; starts from the enabled plugins. */
export function toggleChatPlugin(
  chat: Pick<Chat, 'pluginIds'>,
  plugins: readonly Plugin[],
  pluginId: string,
  on: boolean,
  license: PluginLicense,
): string[] {
  const current = chat.pluginIds ?? enabledPlugins(plugins, license.unlimited).map((p) => p.id);
  const without = current.filter((id) => id !== pluginId);
  return on ? [...without, pluginId] : without;
}
