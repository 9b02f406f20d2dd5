/**
 * @parley/core/sync-client: the client side of cloud sync over ports (storage, HTTP transport,
 * scheduler): the sync engine, the account and backup calls, and backup restore. Rules: SPEC.md.
 */
export * from './account-client';
export * from './backup-client';
export * from './backup-protocol';
export * from './ports';
export * from './sync-engine';
export * from './sync-failure';
export { isPending, stripAttachmentParts, stripChatAttachments, folderOfChats } from './outgoing-chat';
export type { RemoteChanges } from './sync-run';
export { readSyncState, syncStateSetting, SYNC_STATE_KEY } from './sync-state';
export type { SyncState } from './sync-state';
