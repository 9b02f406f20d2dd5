/**
 * The app's keyboard shortcuts (spec section 2 letters: search K, sidebar B, new chat N, reset chat R,
 * regenerate E, share S, clear context J, toggle plugins P, copy last message C). Every chord is
 * Ctrl (Cmd on macOS) + letter; the ones whose plain chord the browser keeps for itself (new window,
 * reload, save, print, downloads) add Shift. A feature implements one with `useShortcut(id, handler)`.
 */
export const SHORTCUTS = {
  search: { letter: 'k', shift: false, labelKey: 'shortcuts.search' },
  toggleSidebar: { letter: 'b', shift: false, labelKey: 'shortcuts.toggleSidebar' },
  newChat: { letter: 'n', shift: true, labelKey: 'shortcuts.newChat' },
  resetChat: { letter: 'r', shift: true, labelKey: 'shortcuts.resetChat' },
  regenerate: { letter: 'e', shift: true, labelKey: 'shortcuts.regenerate' },
  share: { letter: 's', shift: true, labelKey: 'shortcuts.share' },
  clearContext: { letter: 'j', shift: true, labelKey: 'shortcuts.clearContext' },
  togglePlugins: { letter: 'p', shift: true, labelKey: 'shortcuts.togglePlugins' },
  copyLastMessage: { letter: 'c', shift: true, labelKey: 'shortcuts.copyLastMessage' },
} as const satisfies Record<string, ShortcutDefinition>;

export type ShortcutDefinition = {
  /** Lower-case Latin letter. */
  letter: string;
  shift: boolean;
  /** i18n key of the action's name (shortcuts help, tooltips). */
  labelKey: `shortcuts.${string}`;
};

export type ShortcutId = keyof typeof SHORTCUTS;

export const SHORTCUT_IDS = Object.keys(SHORTCUTS) as ShortcutId[];
