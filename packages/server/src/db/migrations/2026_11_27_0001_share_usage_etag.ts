import { sql, type Kysely } from 'kysely';

// Share links count in their owner's storage usage and carry a strong ETag (src/share/SPEC.md
// SL7, SL9, SL10; decision 0067).
export async function up(db: Kysely<unknown>): Promise<void> {
  // Set once a snapshot passed the strict schema; null on the rows stored before, which the public
  // route repairs on their first read.
  await db.schema.alterTable('shared_chats').addColumn('etag', 'text').execute();
  // The links stored before joined nobody's usage: they do now.
  await sql`
    update users set total_usage_bytes = total_usage_bytes + coalesce(
      (select sum(size_bytes) from shared_chats where shared_chats.user_id = users.id), 0)
  `.execute(db);
}
