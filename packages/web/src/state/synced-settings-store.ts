import {
  defaultSyncedSettings,
  SYNCED_SETTING_KEYS,
  syncedSetting,
  type SyncedSettingKey,
  type SyncedSettings,
} from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { createStore, type StoreApi } from 'zustand/vanilla';

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
 * The synced settings (spec section 3) in memory, read once from the store and kept current: writes
 * from this tab, the keys engineer's screens (custom models) and other tabs all arrive as storage
 * changes of the `settings` area.
 */
export function createSyncedSettingsStore(store: StoragePort): SyncedSettingsStore {
  const api = createStore<SyncedSettingsState>()(() => ({ values: defaultSyncedSettings(), loaded: false }));

  async function read(keys: readonly SyncedSettingKey[]): Promise<void> {
    const entries = await Promise.all(
      keys.map(async (key) => [key, await store.settings.get(syncedSetting(key))] as const),
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
      const definition = syncedSetting(key);
      // Shown at once; the store's change notification then confirms the stored value.
      api.setState((state) => ({
        values: { ...state.values, [key]: value === null ? definition.defaultValue() : value },
      }));
      await store.settings.set(definition, value);
    },
    dispose: unsubscribe,
  });
}
