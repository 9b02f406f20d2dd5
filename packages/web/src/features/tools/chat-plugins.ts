import type { Plugin } from '@parley/core/entities';
import { pluginSecretId, resolvePluginSettings, type PluginSettingValue } from '@parley/core/plugins';
import type { CustomSecrets } from '@parley/core/models';

/**
 * Which stored plugins a chat's answer may use, with the values their runs get. The one place
 * that decides: until chats select their plugins (the per-chat selection), every installed,
 * undeleted plugin whose required settings all have a value. Swap this for the per-chat selector
 * when it lands.
 */

export interface UsablePlugin {
  plugin: Plugin;
  settings: Record<string, PluginSettingValue>;
}

export function secretsOfPlugin(plugin: Plugin, secrets: CustomSecrets): Record<string, string> {
  const out: Record<string, string> = {};
  for (const setting of plugin.userSettings) {
    const value = secrets[pluginSecretId(plugin.id, setting.name)];
    if (typeof value === 'string') out[setting.name] = value;
  }
  return out;
}

export function chatPlugins(
  plugins: readonly Plugin[],
  userPluginSettings: Readonly<Record<string, unknown>>,
  secrets: CustomSecrets,
): UsablePlugin[] {
  const usable: UsablePlugin[] = [];
  for (const plugin of plugins) {
    if (plugin.deletedAt || plugin.installed === false) continue;
    const stored = userPluginSettings[plugin.id];
    const resolved = resolvePluginSettings(
      plugin,
      typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : undefined,
      secretsOfPlugin(plugin, secrets),
    );
    if (resolved.missing.length === 0) usable.push({ plugin, settings: resolved.values });
  }
  return usable;
}
