import type { ParseIssue } from '../../entities';
import type { Clock } from '../../platform';
import { isoNow } from '../../platform';
import { legacyMigrationVersionSetting } from '../local-settings';
import { StorageError } from '../storage-error';
import type { RecordRepository, StoragePort } from '../storage-port';
import { planLegacyMigration } from './legacy-plan';
import type { LegacyKeyValueSource, LegacyMigrationPlan } from './legacy-plan';
import { LEGACY_KEYS, LEGACY_MIGRATION_VERSION } from './legacy-keys';

// In legacy-keys.ts, so a start can check it without this module (the app fetches it only to run it).
export { LEGACY_MIGRATION_VERSION };

/** The old localStorage, with the writes the migration needs: shrinking and removing what it moved. */
export interface LegacyKeyValueStore extends LegacyKeyValueSource {
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Chats move in batches; after each, the old key is rewritten without them (see moveChats). */
const CHAT_BATCH_SIZE = 25;

export interface LegacyMigrationReport {
  readonly ran: boolean;
  readonly counts: Record<
    'chats' | 'folders' | 'prompts' | 'characters' | 'plugins' | 'profiles' | 'settings',
    number
  >;
  readonly issues: readonly ParseIssue[];
}

const NOTHING = { chats: 0, folders: 0, prompts: 0, characters: 0, plugins: 0, profiles: 0, settings: 0 };

/** Writes only records the store lacks or holds in an older version, so a re-run never clobbers newer edits. */
async function putNewer<T extends { id: string; updatedAt: string }>(
  repository: RecordRepository<T>,
  records: readonly T[],
): Promise<number> {
  const fresh: T[] = [];
  for (const record of records) {
    const existing = await repository.get(record.id);
    if (!existing || existing.updatedAt < record.updatedAt) fresh.push(record);
  }
  if (fresh.length > 0) await repository.putMany(fresh);
  return fresh.length;
}

/**
 * When the fallback backend is localStorage itself, old and new copies of every chat cannot both fit
 * in the quota. So chats move in batches: each batch is written and read back, then the old key is
 * rewritten without it. A failure part-way keeps the rest under the old key for the next start.
 */
async function moveChats(
  source: LegacyKeyValueStore,
  store: StoragePort,
  plan: LegacyMigrationPlan,
): Promise<number> {
  let moved = 0;
  for (let start = 0; start < plan.chats.length; start += CHAT_BATCH_SIZE) {
    const batch = plan.chats.slice(start, start + CHAT_BATCH_SIZE);
    moved += await putNewer(store.chats, batch);
    for (const chat of batch) {
      if (!(await store.chats.get(chat.id))) {
        throw new StorageError('unavailable', `legacy migration: chat ${chat.id} did not read back`);
      }
    }
    const remaining = plan.chats.slice(start + CHAT_BATCH_SIZE);
    if (remaining.length > 0) source.setItem(LEGACY_KEYS.chats, JSON.stringify(remaining));
    else source.removeItem(LEGACY_KEYS.chats);
  }
  return moved;
}

async function applyPlan(
  source: LegacyKeyValueStore,
  store: StoragePort,
  plan: LegacyMigrationPlan,
  now: string,
) {
  const counts = {
    chats: await moveChats(source, store, plan),
    folders: await putNewer(store.folders, plan.folders),
    prompts: await putNewer(store.prompts, plan.prompts),
    characters: await putNewer(store.characters, plan.characters),
    plugins: await putNewer(store.plugins, plan.plugins),
    profiles: await putNewer(store.profiles, plan.profiles),
    settings: 0,
  };
  const present = new Set((await store.settings.entries()).map((entry) => entry.key));
  const settings = Object.entries(plan.settings)
    .filter(([key]) => !present.has(key))
    .map(([key, value]) => ({ key, value, updatedAt: now }));
  if (settings.length > 0) await store.settings.putEntries(settings);
  counts.settings = settings.length;
  return counts;
}

/**
 * Moves the old app's localStorage data into the store, once (guarded by a migration-version
 * setting) and idempotently. Old keys are removed only once their content is written (chats: read
 * back too); on a failure what was not moved stays, the version is not recorded, and the next start
 * continues.
 */
export async function runLegacyMigrations(
  source: LegacyKeyValueStore,
  store: StoragePort,
  clock: Clock,
): Promise<LegacyMigrationReport> {
  if ((await store.settings.get(legacyMigrationVersionSetting)) >= LEGACY_MIGRATION_VERSION) {
    return { ran: false, counts: NOTHING, issues: [] };
  }
  const now = isoNow(clock);
  const plan = planLegacyMigration(source, now);
  const counts = await applyPlan(source, store, plan, now);
  await store.settings.set(legacyMigrationVersionSetting, LEGACY_MIGRATION_VERSION);
  for (const key of plan.consumedKeys) source.removeItem(key);
  return { ran: true, counts, issues: plan.issues };
}
