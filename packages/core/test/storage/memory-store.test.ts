import { MemoryEngine, createRecordStore } from '../../src/storage';
import { runStorageContract } from '../../src/storage/contract';

runStorageContract('in-memory store', async ({ clock, ids, faults, onIssue }) => {
  const engine = new MemoryEngine({ faults });
  return {
    store: createRecordStore(engine, { clock, ids, onIssue }),
    async plantRaw(table, id, value) {
      engine.plant(table, id, value);
    },
  };
});
