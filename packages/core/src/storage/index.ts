/**
 * @parley/core/storage: the storage port, its errors, the shared record store every backend builds
 * on, the in-memory store, legacy migrations and example chats. The contract suite lives at
 * `@parley/core/storage/contract` (test-support, imports vitest).
 */
export * from './storage-port';
export * from './storage-error';
export * from './storage-tables';
export * from './record-engine';
export * from './chat-rows';
export { createRecordStore } from './record-store';
export type { RecordStoreOptions } from './record-store';
export { createMemoryStore } from './memory-store';
export type { MemoryStoreOptions } from './memory-store';
export { MemoryEngine } from './memory-engine';
export { matchesSummaryQuery, applySummaryQuery } from './chat-summary-query';
export { toBytes } from './attachment-repository';
export * from './local-settings';
export { exampleChats, seedExampleChats } from './example-chats';
export * from './legacy';
export * from './recovery';
export * from './snapshots';
