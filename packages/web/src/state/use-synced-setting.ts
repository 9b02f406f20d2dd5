import type { SyncedSettingKey, SyncedSettings } from '@parley/core/entities';
import { useCallback } from 'react';
import { useStore } from 'zustand';
import { useAppState } from './app-state';
import type { SyncedSettingsState } from './synced-settings-store';

/** A slice of the synced settings (spec section 3); re-renders when that slice changes. */
export function useSyncedSettings<T>(select: (state: SyncedSettingsState) => T): T {
  return useStore(useAppState().settings, select);
}

export type SyncedSettingState<K extends SyncedSettingKey> = {
  value: SyncedSettings[K];
  /** False until the stored values have been read (the default is shown meanwhile). */
  loaded: boolean;
  save: (value: SyncedSettings[K] | null) => Promise<void>;
};

/**
 * One synced setting, kept current when this tab, another tab or sync changes it. Writes go through
 * store.settings, so sync sees them like any other settings change; null puts the default back.
 */
export function useSyncedSetting<K extends SyncedSettingKey>(key: K): SyncedSettingState<K> {
  const settings = useAppState().settings;
  const value = useStore(settings, (state) => state.values[key]);
  const loaded = useStore(settings, (state) => state.loaded);
  const save = useCallback((next: SyncedSettings[K] | null) => settings.set(key, next), [settings, key]);
  return { value, loaded, save };
}
