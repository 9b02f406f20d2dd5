import type { StoragePort } from '../storage';
import { checkedCalls } from './checked-call';
import type { SyncTransport } from './ports';
import {
  BACKUP_PATHS,
  BackupHistoryResponseSchema,
  CreateBackupResponseSchema,
  LatestBackupResponseSchema,
  type BackupData,
  type BackupInfo,
  type LatestBackup,
  type ScheduledBackup,
} from './backup-protocol';
import { applyIncomingChats, applyIncomingRecords, type ApplyContext } from './incoming-changes';
import { OwnWrites } from './own-writes';
import { RECORD_KINDS, type SyncedRecord } from './record-kinds';
import { applyIncomingSections, readLocalSections } from './settings-sync';

export interface BackupClient {
  /** Asks the server to snapshot what it holds for the user (sync first, so that is everything). */
  create(): Promise<BackupInfo>;
  /** The latest snapshot, or null when there is none. */
  latest(): Promise<LatestBackup | null>;
  /** SY12: the server's scheduled backups, newest first. */
  history(): Promise<ScheduledBackup[]>;
  /** SY12: one scheduled backup with its data, or null when it is gone. */
  scheduled(id: string): Promise<LatestBackup | null>;
}

/** Failures are SyncFailureErrors, with the same texts as sync (spec section 8). */
export function createBackupClient(transport: SyncTransport): BackupClient {
  const { call } = checkedCalls(transport);
  return {
    async create() {
      return (
        await call({ method: 'POST', path: BACKUP_PATHS.create, body: '{}' }, CreateBackupResponseSchema)
      ).backup;
    },
    async latest() {
      return (await call({ method: 'GET', path: BACKUP_PATHS.latest }, LatestBackupResponseSchema)).backup;
    },
    async history() {
      return (await call({ method: 'GET', path: BACKUP_PATHS.history }, BackupHistoryResponseSchema)).backups;
    },
    async scheduled(id) {
      const path = `${BACKUP_PATHS.history}/${encodeURIComponent(id)}`;
      return (await call({ method: 'GET', path }, LatestBackupResponseSchema)).backup;
    },
  };
}

export interface RestoreCounts {
  readonly chats: number;
  readonly records: number;
  readonly settingsSections: number;
}

/**
 * Merges a backup into the local data by the sync merge rules (SC20): a record missing here is
 * added, one present is merged (messages united, the later edit kept, a local deletion stays
 * deleted), so nothing newer here is ever lost. What changed becomes pending and syncs.
 */
export async function restoreBackup(store: StoragePort, data: BackupData): Promise<RestoreCounts> {
  const ctx: ApplyContext = { store, own: new OwnWrites(), attachments: true, at: '', mode: 'restore' };
  const chats = await applyIncomingChats(ctx, data.chats);
  let records = 0;
  for (const wire of RECORD_KINDS) {
    const items = data[wire.kind] as SyncedRecord[];
    records += (await applyIncomingRecords(ctx, wire, items, [])).length;
  }
  const sections = await applyIncomingSections(
    store,
    ctx.own,
    data.userSettings,
    await readLocalSections(store),
  );
  return { chats: chats.length, records, settingsSections: Object.keys(sections).length };
}
