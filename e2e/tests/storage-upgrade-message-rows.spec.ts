import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { PARLEY_DB, RawParleyDatabase, rawChat } from '../pages/data-raw-idb';
import { SidebarPage } from '../pages/sidebar-page';

/** The IndexedDB layout of schema 1 (native version 10), as the releases before message rows made it. */
const SCHEMA_ONE = JSON.parse(
  readFileSync(
    path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../packages/web/test/storage/fixtures/dexie-release-layout.json',
    ),
    'utf8',
  ),
) as {
  version: number;
  stores: Record<
    string,
    { indexes: { name: string; keyPath: string; multiEntry: boolean; unique: boolean }[] }
  >;
};

const LONG = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? `Question ${i}` : `Answer number ${i}`));

test('MR8 a library stored one row per chat (schema 1) opens after the upgrade: every chat and message is there, messages in rows of their own, a snapshot taken before', async ({
  page,
}) => {
  // A page of the app's origin that runs no app code: the earlier release's database is made there.
  await page.goto('/api/health');
  const rows = [
    rawChat({ id: 'ch-old-long', title: 'A long old chat', messages: LONG }),
    rawChat({ id: 'ch-old-short', title: 'A short old chat', messages: ['Still here?', 'Yes, all of it.'] }),
  ];
  await page.evaluate(
    async ({ name, layout, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name, layout.version);
        request.onupgradeneeded = () => {
          for (const [table, spec] of Object.entries(layout.stores)) {
            const store = request.result.createObjectStore(table);
            for (const index of spec.indexes)
              store.createIndex(index.name, index.keyPath, {
                multiEntry: index.multiEntry,
                unique: index.unique,
              });
          }
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['chats', 'chatSummaries'], 'readwrite');
      for (const { chat, summary } of rows) {
        const id = (chat as { id: string }).id;
        tx.objectStore('chats').put(chat, id);
        tx.objectStore('chatSummaries').put(summary, id);
      }
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
      // What that release recorded: its data format (database schema 1).
      localStorage.setItem('parley.dataFormat', 'db1');
      localStorage.setItem('TM_activeChatID', JSON.stringify('ch-old-long'));
    },
    { name: PARLEY_DB, layout: SCHEMA_ONE, rows },
  );

  await page.goto('/');
  const sidebar = new SidebarPage(page);
  const chat = new ChatPage(page);
  await expect(sidebar.chat('A long old chat')).toBeVisible();
  await expect(chat.messages).toContainText('Answer number 399');
  await sidebar.chat('A short old chat').click();
  await expect(chat.messages).toContainText('Yes, all of it.');

  const raw = new RawParleyDatabase(page);
  const keys = await raw.ids('messages');
  // 400 messages in rows of 64.
  expect(keys.filter((key) => key.startsWith(`${'ch-old-long'.length}:ch-old-long/`))).toHaveLength(7);
  const heads = await raw.values<{ id: string; messages?: unknown; messagesRevision?: string }>('chats');
  const longHead = heads.find((head) => head.id === 'ch-old-long');
  expect(longHead?.messages).toBeUndefined();
  expect(typeof longHead?.messagesRevision).toBe('string');
  const whole = await raw.chats<{ id: string; messages: { content: string }[] }>();
  expect(whole.find((c) => c.id === 'ch-old-long')?.messages.map((m) => m.content)).toEqual(LONG);

  const reasons = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('parley-snapshots');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows = await new Promise<{ reason: string }[]>((resolve, reject) => {
      const request = db.transaction('snapshots', 'readonly').objectStore('snapshots').getAll();
      request.onsuccess = () => resolve(request.result as { reason: string }[]);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return rows.map((row) => row.reason);
  });
  expect(reasons).toContain('before-upgrade');
});
