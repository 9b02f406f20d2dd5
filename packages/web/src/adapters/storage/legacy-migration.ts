/**
 * The one-time move of the old app's localStorage data (storage SPEC LM), a chunk of its own:
 * fetched only on a start that has not run it yet (decision 0156), not with every first screen.
 */
export { runLegacyMigrations } from '@parley/core/storage';
