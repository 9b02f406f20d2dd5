import { useSyncExternalStore } from 'react';
import { getShortcutChords, subscribeShortcutChords, type ShortcutChords } from '../shortcuts';

/** The chords in force, re-rendering when the user rebinds one. */
export function useShortcutChords(): ShortcutChords {
  return useSyncExternalStore(subscribeShortcutChords, getShortcutChords, getShortcutChords);
}
