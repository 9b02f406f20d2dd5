import { ShortcutEditor } from './ShortcutEditor';

/** Settings > Keyboard shortcuts: the same list as the popup. */
export function KeyboardShortcutsSection() {
  return <ShortcutEditor />;
}
