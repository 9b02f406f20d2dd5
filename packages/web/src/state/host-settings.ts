import type { KeyedProviderId } from '@parley/core/models';
import { create } from 'zustand';

/**
 * What the host's `parley.config.json` sets besides the feature flags (decisions 0126, 0139, 0140),
 * filled by the host-config feature before the first screen; empty when there is no file.
 */
export type HostSettings = {
  /** The empty chat screen's line under the greeting; plain text. */
  welcomeText?: string;
  /** The sync server until the user picks one (Settings → Cloud Sync shows and changes it). */
  defaultSyncServer?: string;
  /** A new chat's model until the user picks a default of their own. */
  defaultModel?: string;
  /** Listed first in the model picker until the user orders the models. */
  modelsFirst?: readonly string[];
  /** The providers offered; absent: all of them. */
  providers?: readonly KeyedProviderId[];
  /** The extension scripts, as absolute URLs; only ever from the host's file (decision 0140). */
  extensions?: readonly string[];
};

export const useHostSettings = create<HostSettings>()(() => ({}));

export function setHostSettings(settings: HostSettings): void {
  useHostSettings.setState(settings, true);
}

/** Whether the host offers this provider (every provider when the file lists none). */
export function providerOffered(settings: HostSettings, provider: string): boolean {
  return !settings.providers || (settings.providers as readonly string[]).includes(provider);
}

/** The hook form of providerOffered: `useProviderOffered()('anthropic')`. */
export function useProviderOffered(): (provider: string) => boolean {
  const providers = useHostSettings((settings) => settings.providers);
  return (provider) => providerOffered({ providers }, provider);
}
