import { joinJsonTexts } from '@parley/core/sync';
import type { BackupInfo } from '@parley/core/sync-client';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { AuthUser } from '../auth/account-service';

const KIND_FIELDS = {
  chat: 'chats',
  folder: 'folders',
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

  async create(user: AuthUser): Promise<BackupInfo> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('sync_records')
        .select(['kind', 'item_id', 'data'])
        .where('user_id', '=', user.id)
        .where('deleted_at', 'is', null)
        .orderBy('kind')
        .orderBy('item_id')
        .execute();
      const lists: Record<keyof BackupCounts, string[]> = {
        chats: [],
        folders: [],
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
      const info: BackupInfo = {
        createdAt: new Date(this.clock()).toISOString(),
        sizeBytes: Buffer.byteLength(data),
        counts,
      };
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
