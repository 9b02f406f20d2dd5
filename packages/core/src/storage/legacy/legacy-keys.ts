/**
 * Where the previous generation of the app kept its data in localStorage (one JSON value per key,
 * whole collections under one key, which is what ran into the quota). The one-time legacy
 * migration reads these and removes them once their content is safely in the new store.
 */
export const LEGACY_KEYS = {
  /** JSON array of chats (or an object of chats keyed by id). */
  chats: 'TM_useChats',
  /** JSON array of folders. */
  folders: 'TM_useFolderList',
  /** JSON array of the user's prompts. */
  prompts: 'TM_useUserPrompts',
  /** JSON array of the user's characters (AI agents); some have `type: "system"`. */
  characters: 'TM_useUserCharacters',
  /** JSON array of installed plugins. */
  plugins: 'TM_useInstalledPlugins',
  /** JSON boolean: the dark-theme flag, replaced by a theme mode. */
  darkTheme: 'TM_useDarkTheme',
  /** JSON strings: the single profile of old versions. */
  userPicture: 'TM_useUserPicture',
  userInformation: 'TM_useUserInformation',
  userName: 'TM_useUserName',
} as const;

/**
 * Each synced setting was kept under `TM_use` + its name with a capital first letter
 * (`fontSize` → `TM_useFontSize`, `customSearchAPIKey` → `TM_useCustomSearchAPIKey`).
 */
export function legacySettingKey(settingName: string): string {
  return `${LEGACY_KEY_PREFIX}${settingName.charAt(0).toUpperCase()}${settingName.slice(1)}`;
}

/** Every key the old app's data was kept under starts with this (LEGACY_KEYS too). */
export const LEGACY_KEY_PREFIX = 'TM_use';

/** The id of the profile made from the old picture and information (fixed, so a re-run finds it). */
export const LEGACY_PROFILE_ID = 'profile-legacy';

/** Bump when a step is added; the store remembers the last version applied. */
export const LEGACY_MIGRATION_VERSION = 1;
