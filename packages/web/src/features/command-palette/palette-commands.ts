/** The palette's commands (besides chat search), matched against what the user typed. */
export type PaletteCommandId =
  | 'newChat'
  | 'settings'
  | 'switchModel'
  | 'toggleTheme'
  | 'shortcuts'
  | 'promptLibrary'
  /** The AI agents screen (also when the host turns the sidebar's links off); off with pickCharacters. */
  | 'openAgents'
  /** The Plugins screen; off with usePlugins. */
  | 'openPlugins'
  | 'changeLanguage'
  | 'openGuide'
  | 'openFaq'
  | 'whatsNew'
  /** Settings → Admin; offered only to an admin or content-moderator of the organisation. */
  | 'adminPanel';

export const PALETTE_COMMANDS: readonly PaletteCommandId[] = [
  'newChat',
  'settings',
  'switchModel',
  'toggleTheme',
  'shortcuts',
  'promptLibrary',
  'openAgents',
  'openPlugins',
  'changeLanguage',
  'openGuide',
  'openFaq',
  'whatsNew',
  'adminPanel',
];

/** Case-insensitive: every word of the query appears in the label. A blank query matches all. */
export function matchesQuery(label: string, query: string): boolean {
  const haystack = label.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
