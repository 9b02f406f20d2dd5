// Shortcuts: the table of keyboard shortcuts, their chords (defaults and the user's), matching a key
// event, and the provider and hooks features register their actions with.
export { ShortcutsProvider, useModifierLabel, useShortcut, useShortcutLabel } from './ShortcutsProvider';
export { detectMac, type KeyChord } from './match-shortcut';
export {
  SHORTCUTS,
  SHORTCUT_IDS,
  applyShortcutOverrides,
  effectiveChord,
  findChordOwner,
  getShortcutChords,
  isDefaultChord,
  shortcutSettingKey,
  storedChord,
  subscribeShortcutChords,
  type ShortcutChord,
  type ShortcutChords,
  type ShortcutId,
} from './shortcut-table';
