import { Migrator } from 'kysely';
import { staticMigrationProvider } from './migrations';
import type { OpenDatabase } from './open-database';

export class MigrationError extends Error {}

/** Applies every pending migration in name order; returns the names applied now. */
export async function migrateToLatest(database: OpenDatabase): Promise<string[]> {
  const migrator = new Migrator({ db: database.db, provider: staticMigrationProvider });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationError(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`, {
      cause: error,
    });
  }
  return results.map((result) => result.migrationName);
}
