/**
 * @parley/core/sync-client: the client side of cloud sync over ports (storage, HTTP transport,
 * scheduler): the sync engine (one leader tab syncs for all), the account and backup calls, backup
 * restore, and restoring deleted chats and folders so that sync keeps them. Rules: SPEC.md.
 */
export * from './account-client';
export * from './backup-client';
export * from './backup-protocol';
export * from './blob-protocol';
export {
  blobIdsOfChats,
  blobIdsOfKnowledgeDocuments,
  downloadBlob,
  uploadBlobs,
  uploadMissingBlobs,
} from './blob-sync';
export type { BlobDownload, BlobUploadReport } from './blob-sync';
export { CHAT_MOVES_KEY, movedChatId, updateMovedChat, type RecordMove } from './chat-moves';
export * from './live-updates';
export { LEADER_HEARTBEAT_MS, LEADER_SILENCE_MS } from './leader-watch';
export * from './ports';
export * from './sync-engine';
export * from './sync-failure';
export { SYNC_RETRY_FIRST_MS, SYNC_RETRY_MAX_MS, isRetryableFailure, retryDelayMs } from './sync-retry';
export * from './tab-sync-engine';
export * from './tab-sync-protocol';
export {
  deletionMayBeOnServer,
  restoreDeletedChats,
  restoreDeletedFolders,
  type RestoreDeps,
  type RestoredFolder,
  type RestoredRecord,
} from './restore-deleted';
export { isPending, stripAttachmentParts, stripChatAttachments, folderOfChats } from './outgoing-chat';
export type { RemoteChanges } from './sync-run';
export { readSyncState, syncStateSetting, SYNC_STATE_KEY } from './sync-state';
export type { SyncState } from './sync-state';
export * from './share-protocol';
export * from './share-client';
export * from './org-protocol';
export * from './org-client';
