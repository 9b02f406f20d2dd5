export { KeyboardShortcutsButton } from './KeyboardShortcutsButton';
export { KeyboardShortcutsHost } from './KeyboardShortcutsHost';
export { KeyboardShortcutsSection } from './KeyboardShortcutsSection';
export { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';
