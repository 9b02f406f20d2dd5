import type { Clock, IdGenerator } from '@parley/core/platform';
import type { LostDataSources, StoragePort } from '@parley/core/storage';
import {
  browserStorageEnvironment,
  clearAllLocalData,
  createLocalSnapshots,
  createLocalStorageStore,
  dumpAllLocalData,
  hasLocalStorageRecords,
} from '../../adapters/storage';
import type { LocalSnapshots } from '../../adapters/storage';
import type { LocalDataDump } from '../errors';
import { jsonFile, saveFile } from '../../lib/save-file';

/** What the browser says about this origin's storage (navigator.storage.estimate). */
export type StorageEstimate = { usage: number; quota: number };

/**
 * Everything the Data screens touch outside React: the store, the raw dump and clear-all, the
 * storage estimate, where lost data may hide, saving a file and reloading. Tests pass fakes.
 */
export type DataServices = {
  store: StoragePort;
  clock: Clock;
  /** New ids for deleted chats recovered as copies (SC22); random when absent. */
  ids?: IdGenerator;
  dumpAllLocalData(): Promise<LocalDataDump>;
  clearAllLocalData(): Promise<void>;
  /** Undefined where the browser cannot tell. */
  estimateStorage(): Promise<StorageEstimate | undefined>;
  /** The places "Recover lost data" looks at besides the store. */
  lostDataSources(): LostDataSources;
  saveFile(fileName: string, text: string): void;
  reload(): void;
  /** Automatic snapshots (storage SPEC SN). */
  snapshots: LocalSnapshots;
  /** Persistent storage: granted, refused, or undefined where the browser cannot tell. */
  persisted(): Promise<boolean | undefined>;
  persist(): Promise<boolean | undefined>;
};

async function persisted(): Promise<boolean | undefined> {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : undefined;
  } catch {
    return undefined;
  }
}

async function persist(): Promise<boolean | undefined> {
  try {
    return navigator.storage?.persist ? await navigator.storage.persist() : undefined;
  } catch {
    return undefined;
  }
}

async function estimateStorage(): Promise<StorageEstimate | undefined> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return undefined;
    return { usage: estimate.usage, quota: estimate.quota };
  } catch {
    return undefined;
  }
}

/** Reading localStorage can throw (cookies blocked); the scan then skips that source. */
function lostDataSources(store: StoragePort): LostDataSources {
  const environment = browserStorageEnvironment();
  const localStorage = environment.localStorage;
  if (!localStorage) return {};
  return {
    legacy: localStorage,
    // The fallback's records are only "lost" while another backend is in use.
    fallback:
      store.backend !== 'localstorage' && hasLocalStorageRecords(localStorage)
        ? createLocalStorageStore(localStorage, {})
        : undefined,
  };
}


export function browserDataServices(store: StoragePort, clock: Clock, ids?: IdGenerator): DataServices {
  return {
    store,
    clock,
    ids,
    dumpAllLocalData: () => dumpAllLocalData(),
    clearAllLocalData: () => clearAllLocalData(),
    estimateStorage,
    lostDataSources: () => lostDataSources(store),
    saveFile: (fileName, text) => void saveFile(fileName, jsonFile(text)),
    reload: () => window.location.reload(),
    snapshots: createLocalSnapshots({ clock, ids }),
    persisted,
    persist,
  };
}

/** `parley-backup-2024-05-01T12-30-00.json`: sortable, and safe as a file name everywhere. */
export function backupFileName(now: number): string {
  return `parley-backup-${new Date(now).toISOString().slice(0, 19).replaceAll(':', '-')}.json`;
}
