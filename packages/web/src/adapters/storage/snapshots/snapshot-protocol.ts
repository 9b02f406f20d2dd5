import type { SnapshotInfo } from '@parley/core/storage';
import type { TakeSnapshotInput } from './snapshot-io';

/** Messages between the app and the snapshot worker; each request carries an id its reply echoes. */
export type SnapshotRequest =
  | { readonly id: number; readonly op: 'take'; readonly input: TakeSnapshotInput }
  | { readonly id: number; readonly op: 'list' }
  | { readonly id: number; readonly op: 'delete'; readonly ids: readonly string[] }
  | {
      readonly id: number;
      readonly op: 'restore';
      readonly snapshotId: string;
      readonly liveDatabase: string;
    };

export type SnapshotReply =
  | { readonly id: number; readonly ok: true; readonly result: SnapshotInfo | SnapshotInfo[] | null }
  | { readonly id: number; readonly ok: false; readonly message: string };
