import { summarizeChat, type Chat } from '@parley/core/entities';
import type { Page } from 'playwright-core';

/**
 * Writes a chat and its summary into the app's IndexedDB the way its storage adapter does;
 * `open` also makes it the chat the app opens at start.
 */
export async function storeChat(page: Page, chat: Chat, { open = false }: { open?: boolean } = {}) {
  await page.evaluate(
    async ({ chat, summary, open }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('parley');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['chats', 'chatSummaries'], 'readwrite');
        tx.objectStore('chats').put(chat, chat.id);
        tx.objectStore('chatSummaries').put(summary, chat.id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      if (open) localStorage.setItem('TM_activeChatID', JSON.stringify(chat.id));
    },
    { chat, summary: summarizeChat(chat), open },
  );
}
