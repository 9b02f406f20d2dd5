// Custom models: the Settings section for models at OpenAI-compatible endpoints, and the one-time
// move of their secret values into the key vault. See CONTEXT.md.
export { CustomModelsSection } from './CustomModelsSection';
export { CustomSecretMigration } from './custom-secret-migration-part';
