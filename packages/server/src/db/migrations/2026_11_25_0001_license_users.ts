import type { Kysely } from 'kysely';

// Team licenses count users (LS11): each device link may name the person using it.
export async function up(db: Kysely<unknown>): Promise<void> {
  // As the activation gave it (trimmed); null for a device that named nobody.
  await db.schema.alterTable('license_devices').addColumn('user_name', 'text').execute();
}
