import { pluginSettingTypes } from '../entities';

/**
 * The spec's rules for a plugin's user-settings JSON (section 5), word for word (PL6-PL9). The
 * editor validates the text the user typed; a plugin file's `userSettings` may be that text or the
 * array itself.
 */
export const userSettingsMessages = {
  notJson: 'User Settings input is not a valid JSON.',
  notArray: 'Invalid User Settings: JSON string must be an array',
  badType: 'must be "text", "password", "number", "email" or "enum"',
} as const;

function fieldMessage(index: number, field: 'name' | 'label' | 'type', value: unknown): string {
  const problem = value === undefined ? 'is missing' : 'is not a string';
  return `Invalid User Settings: setting ${index + 1}: "${field}" ${problem}`;
}

/** The first problem of a user-settings value (JSON text or already decoded), or null when valid. */
export function userSettingsError(input: unknown): string | null {
  let value = input;
  if (typeof input === 'string') {
    if (input.trim() === '') return null;
    try {
      value = JSON.parse(input);
    } catch {
      return userSettingsMessages.notJson;
    }
  }
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) return userSettingsMessages.notArray;
  for (const [index, entry] of value.entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      return fieldMessage(index, 'name', undefined);
    }
    const setting = entry as Record<string, unknown>;
    for (const field of ['name', 'label'] as const) {
      if (typeof setting[field] !== 'string' || setting[field] === '') {
        return fieldMessage(index, field, setting[field] === '' ? undefined : setting[field]);
      }
    }
    const type = setting.type;
    if (type === undefined) continue;
    if (typeof type !== 'string') return fieldMessage(index, 'type', type);
    if (!(pluginSettingTypes as readonly string[]).includes(type)) {
      return `Invalid User Settings: setting ${index + 1}: "type" ${userSettingsMessages.badType}`;
    }
    if (type === 'enum' && setting.values !== undefined && !isStringArray(setting.values)) {
      return `Invalid User Settings: setting ${index + 1}: "values" must be a list of strings`;
    }
  }
  return null;
}

function isStringArray(value: unknown): boolean {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}
