import type { Plugin } from '@parley/core/entities';
import { pluginSecretId, resolvePluginSettings, type PluginSettingValue } from '@parley/core/plugins';
import type { CustomSecrets } from '@parley/core/models';

/**
 * Which stored plugins a chat's answer may use, with the values their runs get: installed,
 * enabled and undeleted, chosen by the chat (its `pluginIds`, when it has made a choice), with every
 * required setting filled. How many may be enabled without Premium is decided when they are
 * switched on (the Plugins screen).
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
  /** The chat's own choice (`pluginIds`; null: every enabled plugin), PL rules in core plugins. */
  chosen: readonly string[] | null = null,
): UsablePlugin[] {
  const usable: UsablePlugin[] = [];
  const picked = chosen ? new Set(chosen) : null;
  for (const plugin of plugins) {
    if (plugin.deletedAt || plugin.installed === false || plugin.enabled === false) continue;
    if (picked && !picked.has(plugin.id)) continue;
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
