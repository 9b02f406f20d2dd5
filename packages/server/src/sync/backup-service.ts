import { joinJsonTexts } from '@parley/core/sync';
import type { BackupInfo } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { AuthUser } from '../auth/account-service';

const KIND_FIELDS = {
  chat: 'chats',
  folder: 'folders',
  project: 'projects',
  knowledgeDocument: 'knowledgeDocuments',
  prompt: 'prompts',
  character: 'characters',
  plugin: 'plugins',
} as const;
type BackupCounts = BackupInfo['counts'];

/**
 * Manual backups (SY11): on request, the user's live synced records are copied, as stored, into
 * one snapshot that replaces the previous one. Tombstones are left out: a restore brings records
 * back and never deletes anything.
 */
export class BackupService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number,
  ) {}

  /** The caller's live records as one backup text, with its counts (inside the caller's transaction). */
  private async snapshot(trx: Kysely<Database>, userId: string) {
    const rows = await trx
      .selectFrom('sync_records')
      .select(['kind', 'item_id', 'data'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('kind')
      .orderBy('item_id')
      .execute();
    const lists: Record<keyof BackupCounts, string[]> = {
      chats: [],
      folders: [],
      projects: [],
      knowledgeDocuments: [],
      prompts: [],
      characters: [],
      plugins: [],
    };
    const sections: string[] = [];
    for (const row of rows) {
      if (row.kind === 'settings') sections.push(`${JSON.stringify(row.item_id)}:${row.data}`);
      const field = KIND_FIELDS[row.kind as keyof typeof KIND_FIELDS];
      if (field) lists[field].push(row.data);
    }
    const members = Object.entries(lists).map(
      ([field, texts]) => `${JSON.stringify(field)}:${joinJsonTexts(texts)}`,
    );
    const data = `{${[...members, `"userSettings":{${sections.join(',')}}`].join(',')}}`;
    const counts = Object.fromEntries(
      Object.entries(lists).map(([field, texts]) => [field, texts.length]),
    ) as BackupCounts;
    return { data, counts, sizeBytes: Buffer.byteLength(data) };
  }

  async create(user: AuthUser): Promise<BackupInfo> {
    return this.db.transaction().execute(async (trx) => {
      const { data, counts, sizeBytes } = await this.snapshot(trx, user.id);
      const info: BackupInfo = { createdAt: new Date(this.clock()).toISOString(), sizeBytes, counts };
      const row = {
        user_id: user.id,
        created_at: this.clock(),
        data,
        counts: JSON.stringify(counts),
        size_bytes: info.sizeBytes,
      };
      await trx
        .insertInto('sync_backups')
        .values(row)
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({
            created_at: row.created_at,
            data: row.data,
            counts: row.counts,
            size_bytes: row.size_bytes,
          }),
        )
        .execute();
      return info;
    });
  }

  /**
   * SY12: a scheduled point-in-time backup of one user, then only the newest `retention` kept.
   * `id` comes from the caller (random in production, predictable in tests).
   */
  async createScheduled(userId: string, id: string, retention: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const { data, counts, sizeBytes } = await this.snapshot(trx, userId);
      await trx
        .insertInto('sync_backup_history')
        .values({
          id,
          user_id: userId,
          created_at: this.clock(),
          data,
          counts: JSON.stringify(counts),
          size_bytes: sizeBytes,
        })
        .execute();
      const kept = await trx
        .selectFrom('sync_backup_history')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.max(1, retention))
        .execute();
      await trx
        .deleteFrom('sync_backup_history')
        .where('user_id', '=', userId)
        .where(
          'id',
          'not in',
          kept.map((row) => row.id),
        )
        .execute();
    });
  }

  /**
   * SY12: users due a scheduled backup: their synced data changed after their newest scheduled
   * backup, and that backup (if any) is at least `intervalMs` old.
   */
  async dueUsers(intervalMs: number): Promise<string[]> {
    const changed = await this.db
      .selectFrom('sync_records')
      .select(['user_id', (eb) => eb.fn.max('server_updated_at').as('changed_at')])
      .groupBy('user_id')
      .execute();
    const latest = await this.db
      .selectFrom('sync_backup_history')
      .select(['user_id', (eb) => eb.fn.max('created_at').as('backed_up_at')])
      .groupBy('user_id')
      .execute();
    const backedUp = new Map(latest.map((row) => [row.user_id, Number(row.backed_up_at)]));
    const now = this.clock();
    return changed
      .filter((row) => {
        const last = backedUp.get(row.user_id);
        return last === undefined || (Number(row.changed_at) > last && now - last >= intervalMs);
      })
      .map((row) => row.user_id);
  }

  /** SY12: the caller's scheduled backups, newest first (no data). */
  async history(user: AuthUser): Promise<(BackupInfo & { id: string })[]> {
    const rows = await this.db
      .selectFrom('sync_backup_history')
      .select(['id', 'created_at', 'counts', 'size_bytes'])
      .where('user_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      createdAt: new Date(Number(row.created_at)).toISOString(),
      sizeBytes: Number(row.size_bytes),
      counts: JSON.parse(row.counts) as BackupCounts,
    }));
  }

  /** One scheduled backup of the caller as JSON text (the latest's shape); null when not theirs. */
  async historyJson(user: AuthUser, id: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sync_backup_history')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const info = JSON.stringify({
      createdAt: new Date(Number(row.created_at)).toISOString(),
      sizeBytes: Number(row.size_bytes),
      counts: JSON.parse(row.counts) as BackupCounts,
    });
    return `{"backup":${info.slice(0, -1)},"data":${row.data}}}`;
  }

  /** The latest backup as JSON text (`{ backup: { …info, data } | null }`); the data is not re-parsed. */
  async latestJson(user: AuthUser): Promise<string> {
    const row = await this.db
      .selectFrom('sync_backups')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!row) return '{"backup":null}';
    const info = JSON.stringify({
      createdAt: new Date(Number(row.created_at)).toISOString(),
      sizeBytes: Number(row.size_bytes),
      counts: JSON.parse(row.counts) as BackupCounts,
    });
    return `{"backup":${info.slice(0, -1)},"data":${row.data}}}`;
  }
}
