import { describe, expect, it } from 'vitest';
import { formatShortcut, matchShortcut, type KeyChord } from '../../src/features/shortcuts/match-shortcut';
import { SHORTCUT_IDS, SHORTCUTS } from '../../src/features/shortcuts/shortcut-table';

const chord = (key: string, mods: Partial<KeyChord> = {}): KeyChord => ({
  key,
  code: /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('shortcut table', () => {
  it('spec §2: has the spec letters K B N R E S J P C, each once, and L for the microphone', () => {
    const letters = SHORTCUT_IDS.map((id) => SHORTCUTS[id].letter).sort();
    expect(letters).toEqual(['b', 'c', 'e', 'j', 'k', 'l', 'n', 'p', 'r', 's']);
  });

  it('spec §2: search is K and the sidebar is B', () => {
    expect(SHORTCUTS.search.letter).toBe('k');
    expect(SHORTCUTS.toggleSidebar.letter).toBe('b');
  });
});

describe('matchShortcut', () => {
  it('Ctrl+B toggles the sidebar on Windows and Linux, Cmd+B on macOS', () => {
    expect(matchShortcut(chord('b', { ctrlKey: true }), false)).toBe('toggleSidebar');
    expect(matchShortcut(chord('b', { metaKey: true }), true)).toBe('toggleSidebar');
  });

  it('the other platform modifier, Alt, or no modifier do not match', () => {
    expect(matchShortcut(chord('b', { metaKey: true }), false)).toBeUndefined();
    expect(matchShortcut(chord('b', { ctrlKey: true }), true)).toBeUndefined();
    expect(matchShortcut(chord('b', { ctrlKey: true, altKey: true }), false)).toBeUndefined();
    expect(matchShortcut(chord('b'), false)).toBeUndefined();
  });

  it('Shift must match the table: Ctrl+Shift+N is new chat, Ctrl+N is left to the browser', () => {
    expect(matchShortcut(chord('N', { ctrlKey: true, shiftKey: true }), false)).toBe('newChat');
    expect(matchShortcut(chord('n', { ctrlKey: true }), false)).toBeUndefined();
    expect(matchShortcut(chord('B', { ctrlKey: true, shiftKey: true }), false)).toBeUndefined();
  });

  it('works on non-Latin layouts through the physical key', () => {
    expect(matchShortcut({ ...chord('и', { ctrlKey: true }), code: 'KeyB' }, false)).toBe('toggleSidebar');
  });
});

describe('formatShortcut', () => {
  it('writes chords the platform way', () => {
    expect(formatShortcut('toggleSidebar', false)).toBe('Ctrl+B');
    expect(formatShortcut('toggleSidebar', true)).toBe('⌘B');
    expect(formatShortcut('newChat', false)).toBe('Ctrl+Shift+N');
    expect(formatShortcut('newChat', true)).toBe('⇧⌘N');
  });
});
