import { assembleChat, isChatHead, messageKeyPrefix } from '@parley/core/storage';
import { prefixRange } from './key-ranges';
import { PARLEY_IDB_VERSION } from './parley-idb';

/**
 * Read-only access to the chats table of the app's IndexedDB database, for the search worker,
 * which reads chats there itself instead of having the main thread read and post them.
 *
 * It uses plain IndexedDB (not the app's `idb` connection) to control exactly what it may do:
 * - it opens without a version, so it never starts a schema upgrade; a database that does not
 *   exist yet is not created (the upgrade that creating would need is aborted);
 * - it refuses a database whose schema is newer than this build knows (PARLEY_IDB_VERSION; the
 *   layout of the chats table may have changed): the caller then lets the main thread feed search;
 * - when the app (another tab, a newer build) upgrades the schema, it closes at once, so the
 *   upgrade is never blocked by it; the next read reopens (and may then refuse, as above);
 * - it only ever starts `readonly` transactions.
 */

const CHATS = 'chats';
const MESSAGES = 'messages';
const UPDATED_AT_INDEX = 'updatedAt';

export type ChatTableProblem =
  /** No IndexedDB in this context. */
  | 'no-indexeddb'
  /** The database does not exist (the app has not created it). */
  | 'missing'
  /** Written by a newer build with a schema this one does not know. */
  | 'newer-schema'
  /** No chats table. */
  | 'no-chats-table'
  | 'failed';

export class ChatTableUnavailable extends Error {
  constructor(
    readonly problem: ChatTableProblem,
    detail = '',
  ) {
    super(`chats table unavailable: ${problem}${detail ? ` (${detail})` : ''}`);
    this.name = 'ChatTableUnavailable';
  }
}

export interface ChatTableReader {
  /** Every chat id, newest first (updatedAt index), then rows the index lacks (damaged updatedAt). */
  listChatIds(): Promise<string[]>;
  /** The stored values of these chats in one read-only transaction, in order; undefined where absent. */
  readChats(ids: readonly string[]): Promise<unknown[]>;
  close(): void;
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Opens the database at whatever version it has; never creates or upgrades it. */
function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name);
    } catch (error) {
      reject(new ChatTableUnavailable('failed', String(error)));
      return;
    }
    let creating = false;
    request.onupgradeneeded = () => {
      // Only a database that does not exist needs an upgrade here (no version was asked for).
      creating = true;
      request.transaction?.abort();
    };
    request.onerror = (event) => {
      event.preventDefault();
      reject(
        creating
          ? new ChatTableUnavailable('missing', name)
          : new ChatTableUnavailable('failed', String(request.error)),
      );
    };
    request.onsuccess = () => {
      const db = request.result;
      // The app's own open refuses these too (VersionError); its store is then not IndexedDB.
      if (db.version > PARLEY_IDB_VERSION) {
        db.close();
        reject(new ChatTableUnavailable('newer-schema', `native version ${db.version}`));
        return;
      }
      if (!db.objectStoreNames.contains(CHATS)) {
        db.close();
        reject(new ChatTableUnavailable('no-chats-table', name));
        return;
      }
      resolve(db);
    };
  });
}

/** Rejects with ChatTableUnavailable when the table cannot be read (the caller falls back). */
export async function openChatTableReader(
  factory: IDBFactory | undefined,
  name: string,
): Promise<ChatTableReader> {
  if (!factory) throw new ChatTableUnavailable('no-indexeddb');
  let connection: Promise<IDBDatabase> | null = null;
  let current: IDBDatabase | null = null;
  let closed = false;

  function database(): Promise<IDBDatabase> {
    if (closed) return Promise.reject(new ChatTableUnavailable('failed', 'reader closed'));
    if (!connection) {
      const opening = openExisting(factory!, name).then((db) => {
        // Step aside for an upgrade or a deletion by the app; the next read reopens.
        const stepAside = () => {
          db.close();
          if (connection === opening) connection = null;
        };
        db.onversionchange = stepAside;
        db.onclose = stepAside;
        current = db;
        return db;
      });
      connection = opening;
      opening.catch(() => {
        if (connection === opening) connection = null;
      });
    }
    return connection;
  }

  /** The tables a chat lives in on this database: its head (or whole row) and, from schema 2, its message rows. */
  const tablesOf = (db: IDBDatabase) =>
    db.objectStoreNames.contains(MESSAGES) ? [CHATS, MESSAGES] : [CHATS];

  /** A read-only transaction over the chat tables; reopens once if the connection was just closed for an upgrade. */
  async function chatTables(): Promise<IDBTransaction> {
    const db = await database();
    try {
      return db.transaction(tablesOf(db), 'readonly');
    } catch {
      // The connection closed under us (an upgrade elsewhere): forget it unless already replaced.
      if (current === db) connection = null;
      const fresh = await database();
      return fresh.transaction(tablesOf(fresh), 'readonly');
    }
  }

  const chatStore = async () => (await chatTables()).objectStore(CHATS);

  /** A chat's value as a whole chat: a head gets its message rows back (same transaction). */
  async function readChat(tx: IDBTransaction, id: string): Promise<unknown> {
    const head: unknown = await requestResult(tx.objectStore(CHATS).get(id));
    if (!isChatHead(head) || !tx.objectStoreNames.contains(MESSAGES)) return head;
    const messages = tx.objectStore(MESSAGES);
    const range = prefixRange(messageKeyPrefix(id));
    const [keys, values] = await Promise.all([
      requestResult(messages.getAllKeys(range)),
      requestResult(messages.getAll(range)),
    ]);
    const rows = keys.map((key, index) => ({ id: String(key), value: values[index] }));
    return assembleChat(id, head, rows);
  }

  await database();
  return {
    async listChatIds() {
      const store = await chatStore();
      const hasIndex = store.indexNames.contains(UPDATED_AT_INDEX);
      const [byTime, all] = await Promise.all([
        hasIndex ? requestResult(store.index(UPDATED_AT_INDEX).getAllKeys()) : Promise.resolve([]),
        requestResult(store.getAllKeys()),
      ]);
      const ids = byTime.map(String).reverse();
      const seen = new Set(ids);
      for (const key of all) if (!seen.has(String(key))) ids.push(String(key));
      return ids;
    },
    async readChats(ids) {
      if (ids.length === 0) return [];
      const tx = await chatTables();
      return Promise.all(ids.map((id) => readChat(tx, id)));
    },
    close() {
      closed = true;
      void connection?.then((db) => db.close()).catch(() => undefined);
      connection = null;
    },
  };
}
