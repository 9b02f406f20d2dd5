import type { ChatSummary, Folder, Project } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface LibraryState {
  /** Every chat summary, tombstones included (Recently Deleted), newest first; null until read. */
  readonly chats: readonly ChatSummary[] | null;
  /** Live folders by order. */
  readonly folders: readonly Folder[];
  /** Folder tombstones (Recently Deleted), newest deletion first. */
  readonly deletedFolders: readonly Folder[];
  /** Projects not deleted (archived ones too), by order (decision 0104). */
  readonly projects: readonly Project[];
  /** When the list was read: "Today" and "Yesterday" are relative to it. */
  readonly readAt: number;
}

export type LibraryStore = StoreApi<LibraryState> & { refresh(): Promise<void>; dispose(): void };

/** A burst of writes (a streaming answer, a bulk action) is read back once. */
const REFRESH_DELAY_MS = 120;
/**
 * Another tab or a worker writing many chats at once (an import writes hundreds per transaction):
 * each re-list redraws a sidebar of thousands of rows, so it waits until the writes pause.
 */
const BULK_CHANGE_IDS = 50;
const BULK_REFRESH_DELAY_MS = 1_500;
/** Writes that never pause (a long import) still show in the sidebar this often. */
const MAX_REFRESH_WAIT_MS = 5_000;

type LibraryRead = readonly [ChatSummary[], Folder[], Project[]];

/** The library read issued at start-up (see readLibraryEarly); taken by the store's first refresh. */
let earlyRead: { store: StoragePort; read: Promise<LibraryRead>; stale: boolean; stop(): void } | undefined;

/** Folders and projects first (two small reads), then every chat summary (the big one). */
function readLibrary(store: StoragePort): Promise<LibraryRead> {
  const folders = store.folders.list({ includeDeleted: true });
  const projects = store.projects.list();
  const chats = store.chats.listSummaries({ includeDeleted: true });
  return Promise.all([chats, folders, projects]);
}

/**
 * Start-up calls this as soon as the store is open, long before the sidebar mounts: IndexedDB answers
 * one database's requests in order, so the folders and projects are asked for before the 10,000
 * summaries instead of queueing behind them. The sidebar's first refresh takes this read, unless a
 * chat, folder or project changed meanwhile (then it reads again).
 */
export function readLibraryEarly(store: StoragePort): void {
  earlyRead?.stop();
  const read = readLibrary(store);
  read.catch(() => undefined);
  const entry = {
    store,
    read,
    stale: false,
    stop: store.onChange((change) => {
      if (change.area === 'chats' || change.area === 'folders' || change.area === 'projects')
        entry.stale = true;
    }),
  };
  earlyRead = entry;
}

function takeEarlyRead(store: StoragePort): Promise<LibraryRead> | undefined {
  const entry = earlyRead;
  if (entry?.store !== store) return undefined;
  earlyRead = undefined;
  entry.stop();
  return entry.stale ? undefined : entry.read;
}

/**
 * The one in-memory copy of the library the sidebar draws from: rows never read the store. It is
 * re-read (summaries only, one indexed query) whenever chats, folders or projects change, here or in another tab.
 */
export function createLibraryStore(store: StoragePort): LibraryStore {
  const api = createStore<LibraryState>()(() => ({
    chats: null,
    folders: [],
    deletedFolders: [],
    projects: [],
    readAt: Date.now(),
  }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let disposed = false;
  let bulkUntil = 0;
  let pendingSince: number | undefined;

  let early = takeEarlyRead(store);

  async function refresh(): Promise<void> {
    const read = early ?? readLibrary(store);
    early = undefined;
    const [chats, allFolders, projects] = await read;
    if (disposed) return;
    const folders = allFolders.filter((folder) => folder.deletedAt === null);
    const deletedFolders = allFolders.filter((folder) => folder.deletedAt !== null);
    api.setState({
      chats,
      folders: folders.sort((a, b) => a.order - b.order),
      deletedFolders: deletedFolders.sort((a, b) => (b.deletedAt ?? '').localeCompare(a.deletedAt ?? '')),
      projects: projects.sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
      readAt: Date.now(),
    });
  }

  const reportFailure = (error: unknown) => console.error('reading the chat library failed', error);
  const unsubscribe = store.onChange((change) => {
    if (change.area !== 'chats' && change.area !== 'folders' && change.area !== 'projects') return;
    const now = Date.now();
    if (change.ids.length >= BULK_CHANGE_IDS) bulkUntil = now + BULK_REFRESH_DELAY_MS;
    pendingSince ??= now;
    clearTimeout(timer);
    const delay = now < bulkUntil ? BULK_REFRESH_DELAY_MS : REFRESH_DELAY_MS;
    timer = setTimeout(
      () => {
        pendingSince = undefined;
        refresh().catch(reportFailure);
      },
      Math.min(delay, Math.max(0, pendingSince + MAX_REFRESH_WAIT_MS - now)),
    );
  });
  refresh().catch(reportFailure);

  return Object.assign(api, {
    refresh,
    dispose() {
      disposed = true;
      clearTimeout(timer);
      unsubscribe();
    },
  });
}
