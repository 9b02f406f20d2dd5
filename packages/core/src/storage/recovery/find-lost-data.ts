import type { Chat, Folder, MemoryEntry, Plugin, Prompt, Character, UserProfile } from '../../entities';
import { EPOCH_ISO } from '../../entities';
import type { Clock } from '../../platform';
import { isoNow } from '../../platform';
import { planLegacyMigration } from '../legacy';
import type { LegacyKeyValueSource } from '../legacy';
import type { SettingEntry, StoragePort } from '../storage-port';
import { heldCopy, settingsByKey, supersedes } from './held-copy';
import type { HeldCopy } from './held-copy';
import type { TimestampedRecord } from '../store-context';
import type {
  LostDataOrigin,
  LostDataScan,
  LostItem,
  LostPayload,
  RecoverableKind,
  RecoverableRecordKind,
} from './lost-data';
import { lostItemKey, RECOVERABLE_DELETION_DAYS, RECOVERABLE_RECORD_KINDS } from './lost-data';

/** Where to look, besides the store itself. */
export interface LostDataSources {
  /** The old app's whole-collection keys (localStorage). */
  readonly legacy?: LegacyKeyValueSource;
  /** The localStorage fallback's per-record keys, read as a store. Pass it only when it is not the store in use. */
  readonly fallback?: StoragePort;
}

interface Candidate {
  readonly origin: LostDataOrigin;
  readonly kind: RecoverableKind;
  readonly id: string;
  readonly title: string;
  readonly changedAt: string;
  readonly messageCount?: number;
  readonly payload: LostPayload;
  readonly mergeRule: LostItem['mergeRule'];
}

type RecordsByKind = {
  chats: Chat[];
  folders: Folder[];
  prompts: Prompt[];
  characters: Character[];
  plugins: Plugin[];
  profiles: UserProfile[];
  memory: MemoryEntry[];
};

const MEMORY_TITLE_LENGTH = 60;

function titleOf(kind: RecoverableRecordKind, record: TimestampedRecord): string {
  const fields = record as unknown as Record<string, unknown>;
  const text =
    kind === 'chats'
      ? fields.chatTitle
      : kind === 'profiles'
        ? fields.name
        : kind === 'memory'
          ? Array.from(String(fields.content ?? ''))
              .slice(0, MEMORY_TITLE_LENGTH)
              .join('')
          : fields.title;
  return typeof text === 'string' && text !== '' ? text : record.id;
}

function recordCandidates(
  origin: LostDataOrigin,
  records: Partial<RecordsByKind>,
  ifAbsent: (kind: RecoverableRecordKind) => boolean,
): Candidate[] {
  return RECOVERABLE_RECORD_KINDS.flatMap((kind) =>
    (records[kind] ?? []).map((record: TimestampedRecord): Candidate => ({
      origin,
      kind,
      id: record.id,
      title: titleOf(kind, record),
      changedAt: record.updatedAt,
      ...(kind === 'chats' ? { messageCount: (record as Chat).messages.length } : {}),
      payload: { type: 'record', record },
      mergeRule: ifAbsent(kind) ? 'ifAbsent' : 'newer',
    })),
  );
}

function settingCandidates(
  origin: LostDataOrigin,
  entries: readonly SettingEntry[],
  mergeRule: LostItem['mergeRule'],
) {
  return entries
    .filter((entry) => entry.value !== null)
    .map((entry): Candidate => ({
      origin,
      kind: 'settings',
      id: entry.key,
      title: entry.key,
      changedAt: entry.updatedAt,
      payload: { type: 'setting', entry },
      mergeRule,
    }));
}

/** RC2: the old keys, read with the legacy migration's own (pure) plan. */
function legacyCandidates(source: LegacyKeyValueSource, now: string): Candidate[] {
  const plan = planLegacyMigration(source, now);
  const settings = Object.entries(plan.settings).map(([key, value]) => ({ key, value, updatedAt: now }));
  return [
    ...recordCandidates('legacy', plan, (kind) => kind === 'profiles'),
    ...settingCandidates('legacy', settings, 'ifAbsent'),
  ];
}

/** RC3: live records of the localStorage fallback (its tombstones are deletions, not lost data). */
async function fallbackCandidates(fallback: StoragePort): Promise<Candidate[]> {
  const records: RecordsByKind = {
    chats: await fallback.chats.list(),
    folders: await fallback.folders.list(),
    prompts: await fallback.prompts.list(),
    characters: await fallback.characters.list(),
    plugins: await fallback.plugins.list(),
    profiles: await fallback.profiles.list(),
    memory: await fallback.memory.list(),
  };
  return [
    ...recordCandidates('fallback', records, () => false),
    ...settingCandidates('fallback', await fallback.settings.entries(), 'newer'),
  ];
}

/** RC1: lost means the app has no copy, or only an older one (RC4: some only when it has none). */
function compare(candidate: Candidate, held: HeldCopy | undefined): LostItem['inApp'] | undefined {
  if (!held) return 'absent';
  if (!supersedes(candidate, held)) return undefined;
  return held.deleted ? 'deleted' : 'older';
}

/** RC5: chats deleted in the last 30 days. */
async function deletedChats(store: StoragePort, now: string): Promise<LostItem[]> {
  const cutoff = new Date(Date.parse(now) - RECOVERABLE_DELETION_DAYS * 86_400_000).toISOString();
  const summaries = await store.chats.listSummaries({ includeDeleted: true });
  return summaries
    .filter((summary) => summary.deletedAt !== null && summary.deletedAt >= cutoff)
    .map((summary) => ({
      key: lostItemKey('deleted', 'chats', summary.id),
      origin: 'deleted',
      kind: 'chats',
      id: summary.id,
      title: summary.title || summary.id,
      changedAt: summary.deletedAt ?? EPOCH_ISO,
      messageCount: summary.messageCount,
      inApp: 'deleted',
      mergeRule: 'newer',
      payload: { type: 'undelete' },
    }));
}

const KIND_ORDER: readonly RecoverableKind[] = [...RECOVERABLE_RECORD_KINDS, 'settings'];

function byKindThenNewest(a: LostItem, b: LostItem): number {
  const kinds = KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (kinds !== 0) return kinds;
  if (a.changedAt !== b.changedAt) return a.changedAt < b.changedAt ? 1 : -1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Looks for data on this device that the app does not show (RC1–RC6). Read-only. A source that
 * cannot be read is named in `unreadable` and the others are still scanned.
 */
export async function findLostData(
  store: StoragePort,
  sources: LostDataSources,
  clock: Clock,
): Promise<LostDataScan> {
  const now = isoNow(clock);
  const unreadable: LostDataScan['unreadable'][number][] = [];
  const candidates: Candidate[] = [];
  const gather = async (origin: LostDataOrigin, read: () => Candidate[] | Promise<Candidate[]>) => {
    try {
      candidates.push(...(await read()));
    } catch (error) {
      unreadable.push({ origin, message: error instanceof Error ? error.message : String(error) });
    }
  };
  if (sources.legacy) await gather('legacy', () => legacyCandidates(sources.legacy!, now));
  if (sources.fallback) await gather('fallback', () => fallbackCandidates(sources.fallback!));

  // RC6: one item per record, the newest copy found.
  const newest = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const id = `${candidate.kind}/${candidate.id}`;
    const seen = newest.get(id);
    if (!seen || seen.changedAt < candidate.changedAt) newest.set(id, candidate);
  }
  const settings = await settingsByKey(store);
  const items: LostItem[] = [];
  for (const candidate of newest.values()) {
    const inApp = compare(candidate, await heldCopy(store, candidate.kind, candidate.id, settings));
    if (!inApp) continue;
    items.push({ ...candidate, key: lostItemKey(candidate.origin, candidate.kind, candidate.id), inApp });
  }
  const listed = new Set(items.filter((item) => item.kind === 'chats').map((item) => item.id));
  items.push(...(await deletedChats(store, now)).filter((item) => !listed.has(item.id)));
  return { items: items.sort(byKindThenNewest), scannedAt: now, unreadable };
}
