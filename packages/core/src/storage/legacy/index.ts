export {
  LEGACY_KEY_PREFIX,
  LEGACY_KEYS,
  LEGACY_MIGRATION_VERSION,
  LEGACY_PROFILE_ID,
  legacySettingKey,
} from './legacy-keys';
export { planLegacyMigration } from './legacy-plan';
export type { LegacyKeyValueSource, LegacyMigrationPlan } from './legacy-plan';
export { runLegacyMigrations } from './run-legacy-migrations';
export type { LegacyKeyValueStore, LegacyMigrationReport } from './run-legacy-migrations';
