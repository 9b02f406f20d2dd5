import { DEFAULT_MAX_SYNC_PAYLOAD_SIZE, SYNC_EVENTS_HEARTBEAT_MS } from '@parley/core/sync';
import { BLOB_MAX_BYTES } from '@parley/core/sync-client';
import {
  DEFAULT_SYNC_EVENTS_PER_ACCOUNT,
  DEFAULT_SYNC_EVENTS_TOTAL,
  type SyncEventSettings,
} from './sync-events';

/** Limits and switches of the sync routes (from the environment; see config.ts). */
export type SyncSettings = {
  /** Characters of JSON above which chats travel in chunks (spec section 9). */
  maxSyncPayloadSize: number;
  /** Hard cap on one request body to /api/sync or /api/sync-buffer, in bytes. */
  maxBodyBytes: number;
  /** The largest attachment one upload may carry (SY13). */
  maxBlobBytes: number;
  /** SYNC_DISABLED: every sync call answers 503. */
  disabled: boolean;
  /** How long an upload buffer waits for the sync that consumes it. */
  bufferTtlMs: number;
  /** How long response chunks can be fetched. */
  chunkTtlMs: number;
  /** Change notification streams (SY17-SY18). */
  events: SyncEventSettings;
};

export const DEFAULT_SYNC_BODY_LIMIT_BYTES = 50 * 1024 * 1024;
/** Quota of a new account: 100 MB, the catalogue's "about 10,000 chats". */
export const DEFAULT_USER_LIMIT_USAGE_BYTES = 100 * 1024 * 1024;

export const defaultSyncSettings: SyncSettings = {
  maxSyncPayloadSize: DEFAULT_MAX_SYNC_PAYLOAD_SIZE,
  maxBodyBytes: DEFAULT_SYNC_BODY_LIMIT_BYTES,
  maxBlobBytes: BLOB_MAX_BYTES,
  disabled: false,
  bufferTtlMs: 60 * 60 * 1000,
  chunkTtlMs: 10 * 60 * 1000,
  events: {
    maxPerAccount: DEFAULT_SYNC_EVENTS_PER_ACCOUNT,
    maxTotal: DEFAULT_SYNC_EVENTS_TOTAL,
    heartbeatMs: SYNC_EVENTS_HEARTBEAT_MS,
  },
};
