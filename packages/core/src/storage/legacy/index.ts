export { LEGACY_KEYS, LEGACY_PROFILE_ID, legacySettingKey } from './legacy-keys';
export { planLegacyMigration } from './legacy-plan';
export type { LegacyKeyValueSource, LegacyMigrationPlan } from './legacy-plan';
export { LEGACY_MIGRATION_VERSION, runLegacyMigrations } from './run-legacy-migrations';
export type { LegacyKeyValueStore, LegacyMigrationReport } from './run-legacy-migrations';
