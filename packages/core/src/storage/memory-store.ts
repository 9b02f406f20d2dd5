import { MemoryEngine } from './memory-engine';
import type { WriteFaults } from './record-engine';
import { createRecordStore } from './record-store';
import type { RecordStoreOptions } from './record-store';
import type { StoragePort } from './storage-port';

export interface MemoryStoreOptions extends RecordStoreOptions {
  readonly faults?: WriteFaults;
}

/** The in-memory store: for tests, and as the last resort when the browser keeps nothing. */
export function createMemoryStore(options: MemoryStoreOptions = {}): StoragePort {
  return createRecordStore(new MemoryEngine({ faults: options.faults }), options);
}
