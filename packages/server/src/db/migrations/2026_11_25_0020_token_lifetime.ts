import type { Kysely } from 'kysely';

// Cloud tokens expire and rotate (AU7, AU8): when each was last used (null: not since it was
// issued), when a successor was issued for it, and which token a successor replaces (its first
// use retires the old one after a short grace, by a revoked_at in the near future).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('last_used_at', 'bigint').execute();
  await db.schema.alterTable('auth_tokens').addColumn('replaced_at', 'bigint').execute();
  await db.schema.alterTable('auth_tokens').addColumn('replaces', 'text').execute();
}
