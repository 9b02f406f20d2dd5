/**
 * Test doubles of the sync protocol (`@parley/core/sync/test-support`): a model server, model
 * devices and record fixtures, for tests and for the sync client's own test support; never
 * imported by app code.
 */
export { InMemorySyncServer } from './in-memory-sync-server';
export type { ModelSyncRequest, ModelSyncResponse } from './in-memory-sync-server';
export { ModelDevice } from './model-device';
export { at, chat, folder, message } from './sync-fixtures';
