import { z } from 'zod/mini';
import { defineSetting, voiceSettingsSetting } from '../entities';

/** Settings that stay on this device (never synced). Synced ones come from syncedSetting(key). */
export const themeModeSetting = defineSetting(
  'themeMode',
  z.enum(['light', 'dark', 'system']),
  () => 'system',
);
export type ThemeMode = 'light' | 'dark' | 'system';

/** The last legacy migration step applied (0: none yet). */
export const legacyMigrationVersionSetting = defineSetting(
  'legacyMigrationVersion',
  z.number().check(z.int(), z.nonnegative()),
  () => 0,
);

/** Example chats are seeded once, on first run; this remembers that it happened. */
export const exampleChatsSeededSetting = defineSetting('exampleChatsSeeded', z.boolean(), () => false);

export { voiceSettingsSetting };
