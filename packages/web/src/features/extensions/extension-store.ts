import type { ExtensionToolDescription } from '@parley/core/host-config';
import { create } from 'zustand';
import { localPref } from '../../state';

/**
 * The host's extensions as this device runs them (decision 0140): one entry per script URL of
 * parley.config.json, in its order. Only the host's file fills it: never an import, a sync or a
 * setting (the spec's synced extensionURLs are not read).
 */
export type ExtensionEntry = {
  url: string;
  /** off: the user turned it off on this device; failed: `problem` says why. */
  status: 'off' | 'loading' | 'active' | 'failed';
  name?: string;
  tools?: readonly ExtensionToolDescription[];
  problem?: string;
};

export type ExtensionsState = { entries: readonly ExtensionEntry[] };

export const useExtensions = create<ExtensionsState>()(() => ({ entries: [] }));

/** The script URLs the user turned off on this device (never synced: the host's list differs by copy). */
export const extensionsOffPref = localPref<readonly string[]>(
  'parley.extensionsOff',
  (value) =>
    Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : undefined,
  [],
);

export function updateEntry(url: string, change: Partial<ExtensionEntry>): void {
  useExtensions.setState((state) => ({
    entries: state.entries.map((entry) => (entry.url === url ? { ...entry, ...change } : entry)),
  }));
}
