import { DEFAULT_KEYBOARD_SHORTCUTS } from '@parley/core/entities';
import { afterEach, describe, expect, it } from 'vitest';
import { recordChord } from '../../src/features/keyboard-shortcuts/record-chord';
import { formatShortcut, matchShortcut, type KeyChord } from '../../src/features/shortcuts/match-shortcut';
import {
  SHORTCUTS,
  applyShortcutOverrides,
  defaultChords,
  findChordOwner,
  getShortcutChords,
  parseStoredChord,
  resolveShortcutChords,
  storedChord,
} from '../../src/features/shortcuts/shortcut-table';

const press = (key: string, mods: Partial<KeyChord> = {}): KeyChord => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

afterEach(() => applyShortcutOverrides(DEFAULT_KEYBOARD_SHORTCUTS));

describe('shortcut overrides', () => {
  it("core's default keyboardShortcuts setting resolves to the shipped table", () => {
    expect(resolveShortcutChords(DEFAULT_KEYBOARD_SHORTCUTS)).toEqual(defaultChords());
    expect(resolveShortcutChords({})).toEqual(defaultChords());
  });

  it('an override changes what matches and how the chord is shown', () => {
    applyShortcutOverrides({ ...DEFAULT_KEYBOARD_SHORTCUTS, search: 'M' });
    expect(matchShortcut(press('m', { ctrlKey: true }), false)).toBe('search');
    expect(matchShortcut(press('k', { ctrlKey: true }), false)).toBeUndefined();
    expect(formatShortcut('search', false)).toBe('Ctrl+M');
    expect(formatShortcut('search', true)).toBe('⌘M');
    expect(SHORTCUTS.search.letter).toBe('m');
  });

  it('the share shortcut is stored as shareChat, like core names it', () => {
    applyShortcutOverrides({ shareChat: 'Shift+X' });
    expect(getShortcutChords().share).toEqual({ letter: 'x', shift: true });
    expect(matchShortcut(press('X', { ctrlKey: true, shiftKey: true }), false)).toBe('share');
  });

  it('letters whose plain chord the browser keeps always take Shift', () => {
    expect(parseStoredChord('T')).toEqual({ letter: 't', shift: true });
    expect(parseStoredChord('K')).toEqual({ letter: 'k', shift: false });
    expect(parseStoredChord('shift+k')).toEqual({ letter: 'k', shift: true });
  });

  it('an unreadable stored chord keeps the default', () => {
    for (const value of ['Ctrl+Alt+9', '', 'KK', 42, null]) {
      expect(resolveShortcutChords({ search: value }).search).toEqual({ letter: 'k', shift: false });
    }
  });

  it('stores chords in the form it reads back', () => {
    for (const chord of [
      { letter: 'm', shift: false },
      { letter: 'k', shift: true },
      { letter: 'n', shift: true },
    ]) {
      expect(parseStoredChord(storedChord(chord))).toEqual(chord);
    }
  });

  it('detects a chord another action already uses, but not the action itself', () => {
    const chords = defaultChords();
    expect(findChordOwner(chords, { letter: 'b', shift: false }, 'search')).toBe('toggleSidebar');
    expect(findChordOwner(chords, { letter: 'b', shift: false }, 'toggleSidebar')).toBeUndefined();
    expect(findChordOwner(chords, { letter: 'b', shift: true })).toBeUndefined();
    expect(findChordOwner(chords, { letter: 'n', shift: true }, 'search')).toBe('newChat');
  });
});

describe('recording a chord', () => {
  it('takes Ctrl+letter on Windows and Linux, Cmd+letter on macOS', () => {
    expect(recordChord(press('m', { ctrlKey: true }), false)).toEqual({
      kind: 'chord',
      chord: { letter: 'm', shift: false },
    });
    expect(recordChord(press('M', { metaKey: true, shiftKey: true }), true)).toEqual({
      kind: 'chord',
      chord: { letter: 'm', shift: true },
    });
  });

  it('adds Shift where the browser keeps the plain chord', () => {
    expect(recordChord(press('t', { ctrlKey: true }), false)).toEqual({
      kind: 'chord',
      chord: { letter: 't', shift: true },
    });
  });

  it('waits on a lone modifier, cancels on Escape, refuses a letter without the modifier', () => {
    expect(recordChord(press('Control', { ctrlKey: true }), false)).toEqual({ kind: 'wait' });
    expect(recordChord(press('Escape'), false)).toEqual({ kind: 'cancel' });
    expect(recordChord(press('m'), false)).toEqual({ kind: 'needsModifier' });
    expect(recordChord(press('m', { ctrlKey: true, altKey: true }), false)).toEqual({
      kind: 'needsModifier',
    });
    expect(recordChord(press('1', { ctrlKey: true }), false)).toEqual({ kind: 'needsModifier' });
  });

  it('reads the physical key on non-Latin layouts', () => {
    expect(recordChord({ ...press('ь', { ctrlKey: true }), code: 'KeyM' }, false)).toEqual({
      kind: 'chord',
      chord: { letter: 'm', shift: false },
    });
  });
});
