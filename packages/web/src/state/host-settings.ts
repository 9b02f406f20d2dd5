import { create } from 'zustand';

/**
 * What the host's `parley.config.json` sets besides the feature flags (decision 0126), filled by the
 * host-config feature before the first screen; empty when there is no file.
 */
export type HostSettings = {
  /** The empty chat screen's line under the greeting; plain text. */
  welcomeText?: string;
};

export const useHostSettings = create<HostSettings>()(() => ({}));

export function setHostSettings(settings: HostSettings): void {
  useHostSettings.setState(settings, true);
}
