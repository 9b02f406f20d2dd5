/**
 * The snapshot Web Worker: reading, compressing and writing back a whole database stays off the
 * main thread, so a snapshot of 10,000 chats never freezes the page.
 */
import { handleSnapshotRequest } from './snapshot-host';
import type { SnapshotRequest } from './snapshot-protocol';

addEventListener('message', (event: MessageEvent<SnapshotRequest>) => {
  void handleSnapshotRequest(globalThis.indexedDB, event.data).then((reply) => postMessage(reply));
});
