import type { SnapshotReply, SnapshotRequest } from './snapshot-protocol';
import { deleteSnapshots, listSnapshots, restoreSnapshot, takeSnapshot } from './snapshot-io';

/** Runs one request against `factory` (the worker's IndexedDB, or the page's without workers). */
export async function handleSnapshotRequest(
  factory: IDBFactory,
  request: SnapshotRequest,
): Promise<SnapshotReply> {
  try {
    switch (request.op) {
      case 'take':
        return { id: request.id, ok: true, result: await takeSnapshot(factory, request.input) };
      case 'list':
        return { id: request.id, ok: true, result: await listSnapshots(factory) };
      case 'delete':
        await deleteSnapshots(factory, request.ids);
        return { id: request.id, ok: true, result: null };
      case 'restore':
        return {
          id: request.id,
          ok: true,
          result: await restoreSnapshot(factory, request.snapshotId, request.liveDatabase),
        };
    }
  } catch (error) {
    return { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
