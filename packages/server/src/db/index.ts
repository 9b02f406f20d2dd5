export { isUniqueViolation } from './db-errors';
export { MigrationError, migrateToLatest } from './migrate';
export { migrations } from './migrations';
export {
  openDatabase,
  sqliteFileName,
  type DatabaseConfig,
  type DatabaseDialect,
  type OpenDatabase,
  type OpenDatabaseOptions,
} from './open-database';
export type * from './schema';
