/**
 * The app's keyboard shortcuts (spec section 2 letters: search K, sidebar B, new chat N, reset chat R,
 * regenerate E, share S, clear context J, toggle plugins P, copy last message C), plus the microphone
 * (L). Every chord is
 * Ctrl (Cmd on macOS) + letter; the ones whose plain chord the browser keeps for itself (new window,
 * reload, save, print, downloads) add Shift. A feature implements one with `useShortcut(id, handler)`.
 *
 * Users may rebind them (synced setting `keyboardShortcuts`, applied with `applyShortcutOverrides`):
 * `SHORTCUTS[id].letter` and `.shift` always read the chord in force.
 */
const DEFAULT_SHORTCUTS = {
  search: { letter: 'k', shift: false, labelKey: 'shortcuts.search', settingKey: 'search' },
  toggleSidebar: {
    letter: 'b',
    shift: false,
    labelKey: 'shortcuts.toggleSidebar',
    settingKey: 'toggleSidebar',
  },
  newChat: { letter: 'n', shift: true, labelKey: 'shortcuts.newChat', settingKey: 'newChat' },
  resetChat: { letter: 'r', shift: true, labelKey: 'shortcuts.resetChat', settingKey: 'resetChat' },
  regenerate: { letter: 'e', shift: true, labelKey: 'shortcuts.regenerate', settingKey: 'regenerate' },
  share: { letter: 's', shift: true, labelKey: 'shortcuts.share', settingKey: 'shareChat' },
  clearContext: { letter: 'j', shift: true, labelKey: 'shortcuts.clearContext', settingKey: 'clearContext' },
  togglePlugins: {
    letter: 'p',
    shift: true,
    labelKey: 'shortcuts.togglePlugins',
    settingKey: 'togglePlugins',
  },
  copyLastMessage: {
    letter: 'c',
    shift: true,
    labelKey: 'shortcuts.copyLastMessage',
    settingKey: 'copyLastMessage',
  },
  // Beyond the spec's letters: the composer's microphone (L for listen; Ctrl+Shift+L is not a browser's).
  voiceInput: { letter: 'l', shift: true, labelKey: 'shortcuts.voiceInput', settingKey: 'voiceInput' },
} as const satisfies Record<string, ShortcutDefinition & { settingKey: string }>;

export type ShortcutDefinition = {
  /** Lower-case Latin letter. */
  letter: string;
  shift: boolean;
  /** i18n key of the action's name (shortcuts help, tooltips). */
  labelKey: `shortcuts.${string}`;
};

export type ShortcutId = keyof typeof DEFAULT_SHORTCUTS;
/** The i18n keys of the actions' names (literal, so `t()` can check them). */
export type ShortcutLabelKey = (typeof DEFAULT_SHORTCUTS)[ShortcutId]['labelKey'];
type LiveShortcut = ShortcutDefinition & { readonly labelKey: ShortcutLabelKey };
export type ShortcutChord = { letter: string; shift: boolean };
export type ShortcutChords = Readonly<Record<ShortcutId, ShortcutChord>>;

export const SHORTCUT_IDS = Object.keys(DEFAULT_SHORTCUTS) as ShortcutId[];

/** The key of each shortcut in the synced `keyboardShortcuts` setting (core's DEFAULT_KEYBOARD_SHORTCUTS). */
export const shortcutSettingKey = (id: ShortcutId): string => DEFAULT_SHORTCUTS[id].settingKey;

/**
 * Letters whose plain Ctrl/Cmd chord belongs to the browser or to text editing (copy, paste, undo,
 * find, new tab, reload, save, print...): bound to one of them, a shortcut always takes Shift.
 */
const BROWSER_KEEPS_PLAIN = new Set('acdefghjlnopqrstuvwxyz');

/** The chord a stored value means: "K" or "Shift+K"; undefined when it is not one. */
export function parseStoredChord(value: unknown): ShortcutChord | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^\s*(shift\s*\+\s*)?([a-z])\s*$/i.exec(value);
  if (!match) return undefined;
  const letter = match[2]!.toLowerCase();
  return { letter, shift: match[1] !== undefined || BROWSER_KEEPS_PLAIN.has(letter) };
}

/** How a chord is stored in the synced setting. */
export function storedChord(chord: ShortcutChord): string {
  return `${chord.shift ? 'Shift+' : ''}${chord.letter.toUpperCase()}`;
}

/** A chord as the user pressed it, with Shift added where the browser keeps the plain chord. */
export function effectiveChord(letter: string, shift: boolean): ShortcutChord {
  const lower = letter.toLowerCase();
  return { letter: lower, shift: shift || BROWSER_KEEPS_PLAIN.has(lower) };
}

export const defaultChords = (): ShortcutChords =>
  Object.fromEntries(
    SHORTCUT_IDS.map((id) => [
      id,
      { letter: DEFAULT_SHORTCUTS[id].letter, shift: DEFAULT_SHORTCUTS[id].shift },
    ]),
  ) as Record<ShortcutId, ShortcutChord>;

/**
 * The chords in force for a stored `keyboardShortcuts` value; a missing or unreadable entry keeps its
 * default. The editor refuses a chord another action holds, so two actions share one only through
 * hand-edited data, and then the first in table order answers it.
 */
export function resolveShortcutChords(stored: Readonly<Record<string, unknown>>): ShortcutChords {
  const defaults = defaultChords();
  return Object.fromEntries(
    SHORTCUT_IDS.map((id) => [id, parseStoredChord(stored[shortcutSettingKey(id)]) ?? defaults[id]]),
  ) as Record<ShortcutId, ShortcutChord>;
}

/** Which other shortcut already uses `chord`, if any. */
export function findChordOwner(chords: ShortcutChords, chord: ShortcutChord, except?: ShortcutId) {
  return SHORTCUT_IDS.find(
    (id) => id !== except && chords[id].letter === chord.letter && chords[id].shift === chord.shift,
  );
}

const sameChord = (a: ShortcutChord, b: ShortcutChord) => a.letter === b.letter && a.shift === b.shift;
export const isDefaultChord = (id: ShortcutId, chord: ShortcutChord) =>
  sameChord(chord, { letter: DEFAULT_SHORTCUTS[id].letter, shift: DEFAULT_SHORTCUTS[id].shift });

let chordsInForce: ShortcutChords = defaultChords();
const listeners = new Set<() => void>();

/** Puts the user's stored chords in force for matching and labels. */
export function applyShortcutOverrides(stored: Readonly<Record<string, unknown>>): void {
  const next = resolveShortcutChords(stored);
  if (SHORTCUT_IDS.every((id) => sameChord(next[id], chordsInForce[id]))) return;
  chordsInForce = next;
  for (const listener of listeners) listener();
}

export const getShortcutChords = (): ShortcutChords => chordsInForce;

export function subscribeShortcutChords(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function liveDefinition(id: ShortcutId): LiveShortcut {
  return {
    get letter() {
      return chordsInForce[id].letter;
    },
    get shift() {
      return chordsInForce[id].shift;
    },
    labelKey: DEFAULT_SHORTCUTS[id].labelKey,
  };
}

export const SHORTCUTS: Readonly<Record<ShortcutId, LiveShortcut>> = Object.fromEntries(
  SHORTCUT_IDS.map((id) => [id, liveDefinition(id)]),
) as Record<ShortcutId, LiveShortcut>;
