import type { z } from 'zod';
import type { StoragePort } from '../storage';
import type { SyncHttpRequest, SyncTransport } from './ports';
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
import { failureOfAnswer, SyncFailureError, unexpectedFailure } from './sync-failure';

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
  const call = async <T extends z.ZodType>(request: SyncHttpRequest, schema: T): Promise<z.output<T>> => {
    const answer = await transport.send(request).catch((error: unknown) => {
      throw new SyncFailureError(unexpectedFailure(), null, { cause: error });
    });
    if (answer.status < 200 || answer.status >= 300) throw failureOfAnswer(answer.status, answer.body);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new SyncFailureError(unexpectedFailure(), null, { cause: parsed.error });
    return parsed.data;
  };
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
