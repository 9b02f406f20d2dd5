import type { KeyChord } from '../shortcuts';
import { effectiveChord, type ShortcutChord } from '../shortcuts';

/** What a keydown means while the editor is recording a new chord. */
export type RecordedKey =
  | { kind: 'chord'; chord: ShortcutChord }
  | { kind: 'cancel' }
  /** A letter without the platform modifier (or with Alt): not a usable shortcut. */
  | { kind: 'needsModifier' }
  /** A lone modifier (the user is still pressing keys). */
  | { kind: 'wait' };

const MODIFIER_KEYS = new Set(['Control', 'Meta', 'Shift', 'Alt', 'AltGraph', 'CapsLock', 'OS']);

function letterOf(chord: KeyChord): string | undefined {
  const key = chord.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  // Non-Latin layouts: the physical key names the letter.
  return /^Key([A-Z])$/.exec(chord.code)?.[1]?.toLowerCase();
}

export function recordChord(event: KeyChord, isMac: boolean): RecordedKey {
  if (event.key === 'Escape') return { kind: 'cancel' };
  if (MODIFIER_KEYS.has(event.key)) return { kind: 'wait' };
  const modifier = isMac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
  const letter = letterOf(event);
  if (!modifier || event.altKey || !letter) return { kind: 'needsModifier' };
  return { kind: 'chord', chord: effectiveChord(letter, event.shiftKey) };
}
