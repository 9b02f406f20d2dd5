import type { Plugin } from '@parley/core/entities';
import {
  isSecretSetting,
  pluginSecretId,
  resolvePluginSettings,
  type ResolvedPluginSettings,
} from '@parley/core/plugins';
import { useCallback, useMemo } from 'react';
import { customSecretsIn, useKeyVault, useStoredRecords, useSyncedSetting } from '../../state';
import { useFeatureAccess } from '../license';

/** Oldest first: the order chats use them in and the plan's limit counts in (PL23). */
function byCreation(a: Plugin, b: Plugin): number {
  return a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
}

/** The installed plugins, live from the store, oldest first. */
export function usePlugins(): { plugins: Plugin[]; loading: boolean } {
  const { records, loading } = useStoredRecords('plugins');
  const plugins = useMemo(() => records.filter((p) => !p.deletedAt).sort(byCreation), [records]);
  return { plugins, loading };
}

/** The password values of one plugin from the key vault, by setting name (none while locked). */
export function pluginSecretsIn(
  plugin: Plugin,
  secrets: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const setting of plugin.userSettings) {
    if (!isSecretSetting(setting)) continue;
    const value = secrets[pluginSecretId(plugin.id, setting.name)];
    if (value) out[setting.name] = value;
  }
  return out;
}

/** Each plugin's settings as a run would get them, with what required ones are missing. */
export function usePluginSettingsStatus(): (plugin: Plugin) => ResolvedPluginSettings {
  const { value: stored } = useSyncedSetting('userPluginSettings');
  const secrets = useKeyVault((state) => state.secrets);
  const status = useKeyVault((state) => state.status);
  return useCallback(
    (plugin) => {
      const open = customSecretsIn({ secrets, status });
      return resolvePluginSettings(plugin, stored[plugin.id], pluginSecretsIn(plugin, open));
    },
    [stored, secrets, status],
  );
}

/** Premium (unlimitedPlugins) lifts the limit on enabled plugins (PL23). */
export function useUnlimitedPlugins(): boolean {
  return useFeatureAccess('unlimitedPlugins').allowed;
}
