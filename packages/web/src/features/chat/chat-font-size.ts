import type { SyncedSettings } from '@parley/core/entities';

/** The text size of the chat (messages and message box) for the synced fontSize setting. */
export const chatFontSizes: Record<SyncedSettings['fontSize'], string | undefined> = {
  // The app's own body size.
  small: undefined,
  medium: '1.0625rem',
  large: '1.1875rem',
};
