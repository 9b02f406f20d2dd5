// Keyboard shortcuts: the popup, its button and host, and the Settings section that edits the chords
// (the chords themselves are the shortcuts feature's). See CONTEXT.md.
export { KeyboardShortcutsButton } from './KeyboardShortcutsButton';
export { KeyboardShortcutsHost } from './KeyboardShortcutsHost';
export { KeyboardShortcutsSection } from './KeyboardShortcutsSection';
export { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';
