import type { Plugin, PluginUserSetting } from '../entities';

/**
 * A plugin's user settings (spec section 5): non-secret values live in the synced setting
 * `userPluginSettings[pluginId][name]`; `password` values live in the key vault under
 * `pluginSecretId(pluginId, name)` and are never synced in clear.
 */

export type PluginSettingValue = string | number;

/** The key-vault id of a password setting's value. */
export function pluginSecretId(pluginId: string, settingName: string): string {
  return `${pluginId}#${settingName}`;
}

export function isSecretSetting(setting: PluginUserSetting): boolean {
  return setting.type === 'password';
}

/** The spec's default: defaultValue, else the first enum value, 0 for number, '' for text or password. */
export function defaultSettingValue(setting: PluginUserSetting): PluginSettingValue {
  const given = setting.defaultValue;
  if (typeof given === 'string' || typeof given === 'number') return given;
  if (typeof given === 'boolean') return String(given);
  if (setting.type === 'enum') return setting.values?.[0] ?? '';
  if (setting.type === 'number') return 0;
  return '';
}

function isFilled(value: unknown): value is PluginSettingValue {
  return (
    (typeof value === 'string' && value.trim() !== '') ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

export interface ResolvedPluginSettings {
  /** Every declared setting with its value: the user's, else the default. */
  values: Record<string, PluginSettingValue>;
  /** Required settings with neither a user value nor a system (default) value, in declared order. */
  missing: readonly PluginUserSetting[];
}

/**
 * The values a run receives. `stored` is `userPluginSettings[plugin.id]`; `secrets` maps a password
 * setting's name to its value from the vault (absent when the vault is locked).
 */
export function resolvePluginSettings(
  plugin: Pick<Plugin, 'userSettings'>,
  stored: Readonly<Record<string, unknown>> | undefined,
  secrets: Readonly<Record<string, string>> = {},
): ResolvedPluginSettings {
  const values: Record<string, PluginSettingValue> = {};
  const missing: PluginUserSetting[] = [];
  for (const setting of plugin.userSettings) {
    const user = isSecretSetting(setting) ? secrets[setting.name] : stored?.[setting.name];
    const fallback = defaultSettingValue(setting);
    if (isFilled(user)) values[setting.name] = setting.type === 'number' ? Number(user) : user;
    else values[setting.name] = fallback;
    if (setting.required && !isFilled(user) && !isFilled(setting.defaultValue)) missing.push(setting);
  }
  return { values, missing };
}
