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

/** The library the start made (see startLibrary), until the sidebar takes it. */
let started: { store: StoragePort; library: LibraryStore } | undefined;

/**
 * Start-up calls this as soon as the store is open, long before the sidebar mounts, so the library's
 * first read (folders and projects, then the summaries) is asked for before anything else queues
 * behind the summaries: IndexedDB answers one database's requests in order. It follows changes from
 * then on, as any library does; the sidebar takes it instead of making its own.
 */
export function startLibrary(store: StoragePort): void {
  started?.library.dispose();
  started = { store, library: createLibraryStore(store) };
}

/** The library started for this store, once (the next caller makes its own). */
export function takeStartedLibrary(store: StoragePort): LibraryStore | undefined {
  const taken = started?.store === store ? started.library : undefined;
  if (taken) started = undefined;
  return taken;
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

  async function refresh(): Promise<void> {
    // Folders and projects first (two small reads), then every chat summary (the big one).
    const [allFolders, projects, chats] = await Promise.all([
      store.folders.list({ includeDeleted: true }),
      store.projects.list(),
      store.chats.listSummaries({ includeDeleted: true }),
    ]);
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
