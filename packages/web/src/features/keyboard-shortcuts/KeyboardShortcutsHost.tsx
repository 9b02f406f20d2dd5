import { useEffect } from 'react';
import { useSyncedSetting } from '../../state';
import { applyShortcutOverrides } from '../shortcuts';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';
import { KeyboardShortcutsDialog } from './KeyboardShortcutsDialog';

/** Typing here must never open the popup. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file'].includes(target.type);
}

/**
 * App-wide part of the shortcuts feature: puts the user's chords in force (synced setting
 * `keyboardShortcuts`, also when another tab or sync changes it), opens the popup on "?" outside
 * text fields, and renders the popup.
 */
export function KeyboardShortcutsHost() {
  const { value: stored, loaded } = useSyncedSetting('keyboardShortcuts');
  const open = useKeyboardShortcutsDialog((state) => state.open);

  useEffect(() => {
    if (loaded) applyShortcutOverrides(stored);
  }, [stored, loaded]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      if (isTextEntry(event.target) || document.querySelector('[data-dialog-root]')) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return <KeyboardShortcutsDialog />;
}
