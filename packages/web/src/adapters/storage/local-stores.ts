import { createRecordStore } from '@parley/core/storage';
import type { RecordStoreOptions, StoragePort, WriteFaults } from '@parley/core/storage';
import type { BrowserStorageEnvironment } from './browser-environment';
import { PARLEY_DATABASE_NAME } from './browser-environment';
import { DexieEngine } from './dexie-engine';
import { LocalStorageEngine } from './local-storage-engine';
import { ParleyDatabase } from './parley-database';

export interface LocalStoreEngineOptions extends RecordStoreOptions {
  /** Test hook: injected write failures (see ScriptedWriteFaults). */
  readonly faults?: WriteFaults;
}

/** The IndexedDB store; rejects (the caller falls back) if the database cannot be opened. */
export async function createIndexedDbStore(
  environment: BrowserStorageEnvironment,
  options: LocalStoreEngineOptions & { readonly databaseName?: string } = {},
): Promise<StoragePort> {
  const db = new ParleyDatabase(options.databaseName ?? PARLEY_DATABASE_NAME, environment);
  await db.open();
  return createRecordStore(new DexieEngine(db, { faults: options.faults }), options);
}

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
