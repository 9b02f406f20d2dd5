import { SHORTCUT_IDS, SHORTCUTS, type ShortcutId } from './shortcut-table';

export type KeyChord = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** The letter a key event means: its character when Latin, else the physical key (Cyrillic layouts...). */
function letterOf(chord: KeyChord): string | undefined {
  const key = chord.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  const fromCode = /^Key([A-Z])$/.exec(chord.code);
  return fromCode ? fromCode[1]!.toLowerCase() : undefined;
}

/** Which shortcut (if any) a keydown is. The modifier is Cmd on macOS and Ctrl elsewhere. */
export function matchShortcut(chord: KeyChord, isMac: boolean): ShortcutId | undefined {
  const mod = isMac ? chord.metaKey && !chord.ctrlKey : chord.ctrlKey && !chord.metaKey;
  if (!mod || chord.altKey) return undefined;
  const letter = letterOf(chord);
  if (!letter) return undefined;
  return SHORTCUT_IDS.find((id) => SHORTCUTS[id].letter === letter && SHORTCUTS[id].shift === chord.shiftKey);
}

/** How a chord is written for this platform: "⇧⌘N" on macOS, "Ctrl+Shift+N" elsewhere. */
export function formatShortcut(id: ShortcutId, isMac: boolean): string {
  const { letter, shift } = SHORTCUTS[id];
  const upper = letter.toUpperCase();
  if (isMac) return `${shift ? '⇧' : ''}⌘${upper}`;
  return `Ctrl+${shift ? 'Shift+' : ''}${upper}`;
}

export function detectMac(nav: Pick<Navigator, 'platform' | 'userAgent'> = navigator): boolean {
  return /Mac|iPhone|iPad|iPod/i.test(nav.platform || nav.userAgent);
}
