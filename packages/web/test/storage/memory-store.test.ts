import { MemoryEngine, createRecordStore } from '@parley/core/storage';
import { runStorageContract } from '@parley/core/storage/contract';

runStorageContract('in-memory store (web build)', async ({ clock, ids, faults, onIssue }) => {
  const engine = new MemoryEngine({ faults });
  return {
    store: createRecordStore(engine, { clock, ids, onIssue }),
    async plantRaw(table, id, value) {
      engine.plant(table, id, value);
    },
  };
});
