import {
  defaultSyncedSettings,
  SYNCED_SETTING_KEYS,
  syncedSetting,
  type SyncedSettingKey,
  type SyncedSettings,
} from '@parley/core/entities';
import { findModel, modelCatalogue } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useHostSettings, type HostSettings } from './host-settings';

export type SyncedSettingsState = {
  values: SyncedSettings;
  /** False until the stored values have been read (defaults are shown meanwhile). */
  loaded: boolean;
};

export type SyncedSettingsStore = StoreApi<SyncedSettingsState> & {
  /** Resolves once the stored values are in. */
  ready: Promise<void>;
  set<K extends SyncedSettingKey>(key: K, value: SyncedSettings[K] | null): Promise<void>;
  dispose(): void;
};

/**
 * The host's defaults (parley.config.json, decision 0139) in place of the app's, for the settings
 * the user has not set: a new chat's model and the models listed first. The user's own value, once
 * stored, wins; reverting it (null) brings the host's back.
 */
export function hostSettingDefaults(host: HostSettings): Partial<SyncedSettings> {
  const defaultModel = host.defaultModel ?? offeredDefaultModel(host);
  return {
    ...(defaultModel ? { defaultModel } : {}),
    ...(host.modelsFirst ? { modelIDsOrder: [...host.modelsFirst] } : {}),
  };
}

/**
 * With providers offered and no default model named, the app's default stays unless its provider is
 * not offered: then the first current model of the first provider offered.
 */
function offeredDefaultModel(host: HostSettings): string | undefined {
  const offered = host.providers;
  if (!offered) return undefined;
  const appDefault = findModel(defaultSyncedSettings().defaultModel);
  if (appDefault && (offered as readonly string[]).includes(appDefault.provider)) return undefined;
  return modelCatalogue.find((model) => !model.retired && model.provider === offered[0])?.id;
}

/**
 * The synced settings (spec section 3) in memory, read once from the store and kept current: writes
 * from this tab, the keys engineer's screens (custom models) and other tabs all arrive as storage
 * changes of the `settings` area.
 */
export function createSyncedSettingsStore(
  store: StoragePort,
  hostDefaults: Partial<SyncedSettings> = hostSettingDefaults(useHostSettings.getState()),
): SyncedSettingsStore {
  const definition = <K extends SyncedSettingKey>(key: K) => {
    const base = syncedSetting(key);
    if (!(key in hostDefaults)) return base;
    return { ...base, defaultValue: () => structuredClone(hostDefaults[key]) as SyncedSettings[K] };
  };
  const api = createStore<SyncedSettingsState>()(() => ({
    values: { ...defaultSyncedSettings(), ...hostDefaults },
    loaded: false,
  }));

  async function read(keys: readonly SyncedSettingKey[]): Promise<void> {
    const entries = await Promise.all(
      keys.map(async (key) => [key, await store.settings.get(definition(key))] as const),
    );
    api.setState((state) => ({ values: { ...state.values, ...Object.fromEntries(entries) }, loaded: true }));
  }

  const ready = read(SYNCED_SETTING_KEYS).catch((error: unknown) => {
    console.error('reading settings failed; using the defaults', error);
    api.setState({ loaded: true });
  });
  const known = new Set<string>(SYNCED_SETTING_KEYS);
  const unsubscribe = store.onChange((change) => {
    if (change.area !== 'settings') return;
    const keys = change.ids.filter((id): id is SyncedSettingKey => known.has(id));
    if (keys.length > 0)
      void read(keys).catch((error: unknown) => console.error('reading settings failed', error));
  });

  return Object.assign(api, {
    ready,
    async set<K extends SyncedSettingKey>(key: K, value: SyncedSettings[K] | null) {
      // After the first read, or it would bring back the old value over this one.
      await ready;
      const setting = definition(key);
      // Shown at once; the store's change notification then confirms the stored value.
      api.setState((state) => ({
        values: { ...state.values, [key]: value === null ? setting.defaultValue() : value },
      }));
      await store.settings.set(setting, value);
    },
    dispose: unsubscribe,
  });
}
