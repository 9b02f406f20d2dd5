export { CustomModelsSection } from './CustomModelsSection';
export { CustomSecretMigration } from './use-custom-secret-migration';
