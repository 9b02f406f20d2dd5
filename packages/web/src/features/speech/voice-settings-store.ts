import { defaultVoiceSettings, type VoiceInputEngine, type VoiceSettings } from '@parley/core/entities';
import { voiceSettingsSetting } from '@parley/core/storage';
import type { StoragePort } from '@parley/core/storage';
import { useEffect } from 'react';
import { create } from 'zustand';
import { usePlatformServices } from '../../state';

type VoiceSettingsState = { settings: VoiceSettings; loaded: boolean };

/** This device's voice settings (kept locally, never synced), read once from the store. */
export const useVoiceSettingsStore = create<VoiceSettingsState>()(() => ({
  settings: defaultVoiceSettings(),
  loaded: false,
}));

let reading: Promise<VoiceSettings> | undefined;

export function loadVoiceSettings(store: StoragePort): Promise<VoiceSettings> {
  if (useVoiceSettingsStore.getState().loaded)
    return Promise.resolve(useVoiceSettingsStore.getState().settings);
  reading ??= store.settings.get(voiceSettingsSetting).then(
    (settings) => {
      useVoiceSettingsStore.setState({ settings, loaded: true });
      return settings;
    },
    (error: unknown) => {
      reading = undefined;
      throw error;
    },
  );
  return reading;
}

export async function saveVoiceSettings(store: StoragePort, change: Partial<VoiceSettings>): Promise<void> {
  const next = { ...useVoiceSettingsStore.getState().settings, ...change };
  await store.settings.set(voiceSettingsSetting, next);
  useVoiceSettingsStore.setState({ settings: next, loaded: true });
}

/** The voice settings, read from the store on first use. */
export function useVoiceSettings(): VoiceSettingsState {
  const { store } = usePlatformServices();
  const state = useVoiceSettingsStore();
  useEffect(() => {
    if (!state.loaded) loadVoiceSettings(store).catch((error: unknown) => console.error(error));
  }, [state.loaded, store]);
  return state;
}

/** The input engine in force: the user's choice, else the deployment's (useOpenAIWhisper, decision 0086). */
export function inputEngineOf(settings: VoiceSettings, useOpenAIWhisper: boolean): VoiceInputEngine {
  return settings.inputEngine ?? (useOpenAIWhisper ? 'openai' : 'browser');
}
