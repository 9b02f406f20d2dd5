import { expect, type Page } from '@playwright/test';

export interface SeededChat {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  /** Message texts, alternating user / assistant. */
  readonly messages: readonly string[];
}

const HOUR = 3_600_000;

/**
 * A library of `count` chats: "Library chat 001" is the newest (an hour ago), each next one is older
 * (the last ones months old). `extra` chats are added as given (e.g. an old chat with a phrase to find).
 */
export function libraryChats(count: number, now = Date.now()): SeededChat[] {
  return Array.from({ length: count }, (_, index) => {
    const number = String(index + 1).padStart(3, '0');
    return {
      id: `ch-e2e-${number}`,
      title: `Library chat ${number}`,
      updatedAt: new Date(now - (index + 1) * HOUR * (index < 20 ? 1 : 20)).toISOString(),
      messages: [`Question ${number} about topic ${index % 7}`, `Answer ${number}: some helpful text.`],
    };
  });
}

/**
 * Writes chats straight into the app's IndexedDB (database "parley", one record per chat plus its
 * summary, keyed by id: the schema of adapters/storage/parley-database.ts), then reloads so the app
 * and its search index read them. The app must have been opened once (it creates the database).
 */
export async function seedLibrary(page: Page, chats: readonly SeededChat[]): Promise<void> {
  await page.evaluate(async (records) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('parley');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const transaction = db.transaction(['chats', 'chatSummaries'], 'readwrite');
    for (const seed of records) {
      const messages = seed.messages.map((content, index) => ({
        schemaVersion: 1,
        id: `${seed.id}-m${index}`,
        role: index % 2 === 0 ? 'user' : 'assistant',
        content,
        createdAt: seed.updatedAt,
        updatedAt: seed.updatedAt,
      }));
      const base = {
        id: seed.id,
        chatID: seed.id,
        folderID: null,
        model: 'gpt-4o-mini',
        modelInfo: null,
        createdAt: seed.updatedAt,
        updatedAt: seed.updatedAt,
        deletedAt: null,
        syncedAt: null,
        favoritedAt: null,
        archivedAt: null,
        isExample: false,
      };
      transaction
        .objectStore('chats')
        .put(
          { ...base, schemaVersion: 2, chatTitle: seed.title, messages, tags: [], character: null },
          seed.id,
        );
      const last = seed.messages.at(-1) ?? '';
      transaction.objectStore('chatSummaries').put(
        {
          ...base,
          schemaVersion: 1,
          title: seed.title,
          preview: Array.from(last).slice(0, 50).join(''),
          character: null,
          tags: [],
          messageCount: messages.length,
        },
        seed.id,
      );
    }
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
    });
    db.close();
  }, chats);
  await page.reload();
  await expect(page.getByRole('main')).toBeVisible();
}
