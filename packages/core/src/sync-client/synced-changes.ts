import { SYNCED_SETTING_KEYS } from '../entities';
import type { StorageChange } from '../storage';

const SYNCED_AREAS: ReadonlySet<string> = new Set([
  'chats',
  'folders',
  'projects',
  'knowledgeDocuments',
  'prompts',
  'characters',
  'plugins',
  'profiles',
  'memory',
]);
const SYNCED_SETTINGS: ReadonlySet<string> = new Set(SYNCED_SETTING_KEYS);

/** Whether a store change touches data that sync sends (SC2): synced records or synced settings. */
export function isSyncedChange(change: StorageChange): boolean {
  if (change.area === 'settings') return change.ids.some((id) => SYNCED_SETTINGS.has(id));
  return SYNCED_AREAS.has(change.area);
}
