/**
 * Test doubles of the sync client's ports, for tests in this package and the apps
 * (`@parley/core/sync-client/test-support`); never imported by app code.
 */
export { FakeScheduler } from './fake-scheduler';
export { FakeTabLocks } from './fake-tab-locks';
export { MemoryTabChannels } from './memory-tab-channels';
export { ModelServerTransport } from './model-server-transport';
export { ScriptedTransport } from './scripted-transport';
export { sharedTabStores } from './shared-tab-stores';
