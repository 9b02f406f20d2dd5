import type { Plugin } from '@parley/core/entities';
import {
  canEnableAnotherPlugin,
  checkPluginRecord,
  isSecretSetting,
  pluginFileName,
  pluginFileOf,
  pluginFromRecord,
  pluginImportError,
  pluginSecretId,
  PLUGIN_LIMIT_WITHOUT_UNLIMITED,
  readPluginFile,
  readRepositoryPlugin,
  type PluginFileResult,
} from '@parley/core/plugins';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddPluginServers } from '../mcp';
import { useFeatureAccess } from '../license';
import { notify, notifyUndoable } from '../toasts';
import { useKeyVaultStore, usePlatformServices, useSyncedSetting } from '../../state';
import { usePlugins } from './use-plugins';
import { jsonFile, saveFile } from '../../lib/save-file';

export type SettingValues = Record<string, string>;

/** What the Plugins screen does: import, save, enable, delete (with undo), export and settings. */
export function usePluginActions() {
  const { t } = useTranslation();
  const services = usePlatformServices();
  const vault = useKeyVaultStore();
  const { plugins } = usePlugins();
  const unlimitedGate = useFeatureAccess('unlimitedPlugins');
  const unlimited = unlimitedGate.allowed;
  const { value: allSettings, save: saveAllSettings } = useSyncedSetting('userPluginSettings');
  const addPluginServers = useAddPluginServers();

  /** The limit's message: the license sentence, then how many the plan allows (PL23). */
  const limitMessage = useCallback(
    () =>
      [
        unlimitedGate.allowed || unlimitedGate.reason === 'disabled'
          ? undefined
          : t(unlimitedGate.reason === 'no_license' ? 'license.gate.needLicense' : 'license.gate.notInPlan'),
        t('plugins.limitReached', { count: PLUGIN_LIMIT_WITHOUT_UNLIMITED }),
      ]
        .filter(Boolean)
        .join(' '),
    [unlimitedGate, t],
  );

  /** Stores a checked plugin; a replaced one can be brought back with Undo (PL13). */
  const install = useCallback(
    async (result: Extract<PluginFileResult, { ok: true }>) => {
      const enable = canEnableAnotherPlugin(plugins, unlimited);
      const plugin = pluginFromRecord(result.record, result.replaces, {
        clock: services.clock,
        ids: services.ids,
        installed: plugins,
        enable,
      });
      const saved = await services.store.plugins.put(plugin);
      const previous = result.replaces;
      if (previous) {
        notifyUndoable(t('plugins.updated', { title: saved.title }), {
          undoLabel: t('plugins.undo'),
          onUndo: () => void services.store.plugins.put(previous),
        });
      } else {
        notify.success(t(enable ? 'plugins.imported' : 'plugins.importedDisabled', { title: saved.title }));
      }
      // MC10: its MCP functions' HTTP servers are added; stdio ones cannot run here and are named.
      const servers = await addPluginServers(saved);
      if (servers.added.length > 0)
        notify.success(t('mcp.import.added', { names: servers.added.join(', ') }));
      if (servers.stdio.length > 0) notify.error(t('mcp.import.stdio', { names: servers.stdio.join(', ') }));
      return saved;
    },
    [plugins, unlimited, services, t, addPluginServers],
  );

  /** A plugin file's text; returns the message shown when it is refused (nothing is stored then). */
  const importText = useCallback(
    async (text: string): Promise<string | null> => {
      const result = readPluginFile(text, plugins);
      if (!result.ok) return pluginImportError(result.error);
      await install(result);
      return null;
    },
    [plugins, install],
  );

  /** A repository's plugin.json with its implementation.js (PL14). */
  const importPair = useCallback(
    async (pluginJson: string, implementationJs: string): Promise<string | null> => {
      const result = readRepositoryPlugin(pluginJson, implementationJs, plugins);
      if (!result.ok) return pluginImportError(result.error);
      await install(result);
      return null;
    },
    [plugins, install],
  );

  /** What the editor saves: checked like a file, against the other plugins. */
  const saveEdited = useCallback(
    async (record: Record<string, unknown>, editing: Plugin | undefined): Promise<string | null> => {
      const result = checkPluginRecord(record, plugins, editing);
      if (!result.ok) return result.error;
      await install(result);
      return null;
    },
    [plugins, install],
  );

  const setEnabled = useCallback(
    async (plugin: Plugin, enabled: boolean) => {
      if (enabled && !canEnableAnotherPlugin(plugins, unlimited)) {
        notify.error(limitMessage());
        return false;
      }
      await services.store.plugins.put({ ...plugin, enabled });
      return true;
    },
    [plugins, unlimited, services, limitMessage],
  );

  const remove = useCallback(
    async (plugin: Plugin) => {
      await services.store.plugins.delete(plugin.id);
      notifyUndoable(t('plugins.deleted', { title: plugin.title }), {
        undoLabel: t('plugins.undo'),
        onUndo: () => void services.store.plugins.put({ ...plugin, deletedAt: null }),
      });
    },
    [services, t],
  );

  const exportPlugin = useCallback((plugin: Plugin) => {
    void saveFile(pluginFileName(plugin), jsonFile(JSON.stringify(pluginFileOf(plugin), null, 2)));
  }, []);

  /** Password values go to the key vault, the rest to the synced userPluginSettings. */
  const saveSettings = useCallback(
    async (plugin: Plugin, values: SettingValues) => {
      const plain: Record<string, unknown> = {};
      const secrets: Record<string, string> = {};
      for (const setting of plugin.userSettings) {
        const value = values[setting.name] ?? '';
        if (isSecretSetting(setting)) secrets[pluginSecretId(plugin.id, setting.name)] = value;
        else if (value !== '') plain[setting.name] = setting.type === 'number' ? Number(value) : value;
      }
      if (Object.keys(secrets).length > 0) {
        await vault.getState().updateCustomSecrets((current) => ({ ...current, ...secrets }));
      }
      await saveAllSettings({ ...allSettings, [plugin.id]: plain });
      notify.success(t('plugins.settingsSaved', { title: plugin.title }));
    },
    [vault, allSettings, saveAllSettings, t],
  );

  return { importText, importPair, saveEdited, setEnabled, remove, exportPlugin, saveSettings, limitMessage };
}
