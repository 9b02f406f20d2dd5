import { createRecordStore } from '@parley/core/storage';
import type { StoragePort } from '@parley/core/storage';
import type { BrowserStorageEnvironment } from './browser-environment';
import { LocalStorageEngine } from './local-storage-engine';
import type { LocalStoreEngineOptions } from './local-stores';

/**
 * The localStorage fallback (WB2): its engine is a chunk of its own, fetched only when IndexedDB
 * cannot be used, not with every first screen (decision 0141).
 */
export function createLocalStorageStore(
  storage: Storage,
  environment: BrowserStorageEnvironment,
  options: LocalStoreEngineOptions = {},
): StoragePort {
  const engine = new LocalStorageEngine(storage, {
    faults: options.faults,
    eventTarget: environment.eventTarget,
  });
  return createRecordStore(engine, options);
}
