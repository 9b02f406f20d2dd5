import type { Page } from '@playwright/test';

/**
 * The app's IndexedDB ("parley") read and written directly, the way a test plants data or damage
 * the app must cope with. Rows use the app's schema: one row per record in the table of its kind,
 * keyed (out of line) by the record's id; every chat has a summary row beside it.
 */
export const PARLEY_DB = 'parley';

export type RawChatFields = {
  id: string;
  title: string;
  messages?: string[];
  updatedAt?: string;
  deletedAt?: string | null;
};

/** A chat and its summary as the app stores them (schema versions 2 and 1). */
export function rawChat(fields: RawChatFields): { chat: object; summary: object } {
  const updatedAt = fields.updatedAt ?? new Date().toISOString();
  const deletedAt = fields.deletedAt ?? null;
  const texts = fields.messages ?? ['Hello', 'Hi! How can I help?'];
  const messages = texts.map((content, index) => ({
    schemaVersion: 2,
    id: `${fields.id}-m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content,
    createdAt: updatedAt,
    updatedAt,
  }));
  const common = {
    id: fields.id,
    chatID: fields.id,
    folderID: null,
    model: 'gpt-4-turbo',
    modelInfo: null,
    createdAt: updatedAt,
    updatedAt,
    deletedAt,
    syncedAt: null,
    favoritedAt: null,
    archivedAt: null,
    isExample: false,
  };
  const last = texts.at(-1) ?? '';
  return {
    chat: {
      ...common,
      schemaVersion: 2,
      chatTitle: fields.title,
      documentText: null,
      systemMessage: null,
      messages,
      character: null,
      tags: [],
    },
    summary: {
      ...common,
      schemaVersion: 1,
      title: fields.title,
      preview: Array.from(last).slice(0, 50).join(''),
      character: null,
      tags: [],
      messageCount: messages.length,
    },
  };
}

export class RawParleyDatabase {
  constructor(readonly page: Page) {}

  /**
   * Every read and write waits until the app has created the database: an open without a version
   * before that would create an empty database of our own, without the app's tables.
   */
  private async whenCreated() {
    await this.page.waitForFunction(
      async (name) => (await indexedDB.databases()).some((database) => database.name === name),
      PARLEY_DB,
    );
  }

  /** Writes rows as given (no parse), in one transaction. */
  async put(rows: { table: string; id: string; value: unknown }[]) {
    await this.whenCreated();
    await this.page.evaluate(
      async ({ name, rows }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tables = [...new Set(rows.map((row) => row.table))];
        const tx = db.transaction(tables, 'readwrite');
        for (const row of rows) tx.objectStore(row.table).put(row.value, row.id);
        await new Promise<void>((resolve, reject) => {
          tx.oncomplete = () => resolve();
          tx.onerror = tx.onabort = () => reject(tx.error);
        });
        db.close();
      },
      { name: PARLEY_DB, rows },
    );
  }

  async putChats(chats: RawChatFields[]) {
    await this.put(
      chats.flatMap((fields) => {
        const { chat, summary } = rawChat(fields);
        return [
          { table: 'chats', id: fields.id, value: chat },
          { table: 'chatSummaries', id: fields.id, value: summary },
        ];
      }),
    );
  }

  /** The keys of one table. */
  async ids(table: string): Promise<string[]> {
    await this.whenCreated();
    return this.page.evaluate(
      async ({ name, table }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const request = db.transaction(table, 'readonly').objectStore(table).getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        db.close();
        return keys.map(String);
      },
      { name: PARLEY_DB, table },
    );
  }

  /** The rows of one table, as stored. */
  async values<T = unknown>(table: string): Promise<T[]> {
    await this.whenCreated();
    return this.page.evaluate(
      async ({ name, table }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(table, 'readonly').objectStore(table).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        db.close();
        return rows as T[];
      },
      { name: PARLEY_DB, table },
    );
  }

  /**
   * Every chat as a whole, the way the app reads it: a head row (schema 2) gets its message rows
   * back in the head's order (storage SPEC MR); a whole row of schema 1 is as stored.
   */
  async chats<T = unknown>(): Promise<T[]> {
    await this.whenCreated();
    return this.page.evaluate(
      async ({ name }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        const tables = ['chats', 'messages'].filter((table) => db.objectStoreNames.contains(table));
        const tx = db.transaction(tables, 'readonly');
        const all = (table: string, keys: boolean) =>
          new Promise<unknown[]>((resolve, reject) => {
            if (!tables.includes(table)) return resolve([]);
            const store = tx.objectStore(table);
            const request = keys ? store.getAllKeys() : store.getAll();
            request.onsuccess = () => resolve(request.result as unknown[]);
            request.onerror = () => reject(request.error);
          });
        const [heads, messageKeys, messageRows] = await Promise.all([
          all('chats', false),
          all('messages', true),
          all('messages', false),
        ]);
        db.close();
        // Rows in key order hold a chat's messages in order; the key starts with the chat's prefix.
        return heads.map((head) => {
          const row = head as { id: string; messagesRevision?: unknown; messages?: unknown };
          if (typeof row.messagesRevision !== 'string' || Array.isArray(row.messages)) return head;
          const prefix = `${row.id.length}:${row.id}/`;
          const { messagesRevision: _revision, ...fields } = row;
          const messages = messageKeys
            .map((key, index) => [String(key), messageRows[index]] as const)
            .filter(([key]) => key.startsWith(prefix))
            .flatMap(([, value]) => (value as { messages: unknown[] }).messages);
          return { ...fields, messages };
        }) as T[];
      },
      { name: PARLEY_DB },
    );
  }
}
