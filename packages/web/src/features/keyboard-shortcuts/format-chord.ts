import type { ShortcutChord } from '../shortcuts';

/** The keys of a chord as pressed on this platform: ["⇧", "⌘", "N"] or ["Ctrl", "Shift", "N"]. */
export function chordKeys(chord: ShortcutChord, isMac: boolean): string[] {
  const letter = chord.letter.toUpperCase();
  if (isMac) return [...(chord.shift ? ['⇧'] : []), '⌘', letter];
  return ['Ctrl', ...(chord.shift ? ['Shift'] : []), letter];
}

export const chordText = (chord: ShortcutChord, isMac: boolean) =>
  chordKeys(chord, isMac).join(isMac ? '' : '+');
