import { syncedSetting, type SyncedSettingKey, type SyncedSettings } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { useCallback, useEffect, useState } from 'react';

export type SyncedSettingState<K extends SyncedSettingKey> = {
  value: SyncedSettings[K];
  /** False until the stored value has been read (the default is shown meanwhile). */
  loaded: boolean;
  save: (value: SyncedSettings[K] | null) => Promise<void>;
};

/**
 * One synced setting, read from the store and kept current when this tab, another tab or sync
 * changes it. Writes go through store.settings, so sync sees them like any other settings change.
 */
export function useSyncedSetting<K extends SyncedSettingKey>(
  store: StoragePort,
  key: K,
): SyncedSettingState<K> {
  const [state, setState] = useState(() => ({ value: syncedSetting(key).defaultValue(), loaded: false }));

  useEffect(() => {
    let current = true;
    const definition = syncedSetting(key);
    const read = () =>
      store.settings.get(definition).then(
        (value) => current && setState({ value, loaded: true }),
        (error: unknown) => {
          console.error(`reading the ${key} setting failed`, error);
          if (current) setState((previous) => ({ ...previous, loaded: true }));
        },
      );
    void read();
    const unsubscribe = store.onChange((change) => {
      if (change.area === 'settings' && change.ids.includes(key)) void read();
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [store, key]);

  const save = useCallback(
    async (value: SyncedSettings[K] | null) => {
      const definition = syncedSetting(key);
      setState({ value: value ?? definition.defaultValue(), loaded: true });
      await store.settings.set(definition, value);
    },
    [store, key],
  );

  return { ...state, save };
}
