import { chatHead, messageKey, messageRow, rowsFor } from '@parley/core/storage';
import { summarizeChat, type Chat } from '@parley/core/entities';
import type { Page } from 'playwright-core';

/**
 * Writes a chat into the app's IndexedDB the way its storage adapter lays it out (storage SPEC MR:
 * the head, one row per message, the summary); `open` also makes it the chat the app opens at start.
 */
export async function storeChat(page: Page, chat: Chat, { open = false }: { open?: boolean } = {}) {
  const rows = Array.from({ length: rowsFor(chat.messages.length) }, (_, chunk) => ({
    key: messageKey(chat.id, chunk),
    value: messageRow(chat.id, chat.messages, chunk),
  }));
  await page.evaluate(
    async ({ id, head, rows, summary, open }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('parley');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['chats', 'chatSummaries', 'messages'], 'readwrite');
        for (const row of rows) tx.objectStore('messages').put(row.value, row.key);
        tx.objectStore('chats').put(head, id);
        tx.objectStore('chatSummaries').put(summary, id);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      if (open) localStorage.setItem('TM_activeChatID', JSON.stringify(id));
    },
    { id: chat.id, head: chatHead(chat, 'bench'), rows, summary: summarizeChat(chat), open },
  );
}
