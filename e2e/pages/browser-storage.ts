import type { Page } from '@playwright/test';

/** Everything this origin keeps in the browser, read the way an attacker with disk access would. */
export class BrowserStorage {
  constructor(readonly page: Page) {}

  /** Every localStorage entry and every record of every IndexedDB database and object store, as text. */
  async dumpEverything(): Promise<{ localStorage: string; indexedDB: string; stores: string[] }> {
    return this.page.evaluate(async () => {
      const local = JSON.stringify(Object.entries(localStorage));
      const stores: string[] = [];
      const records: string[] = [];
      const asText = (value: unknown) =>
        JSON.stringify(value, (_key, inner: unknown) =>
          inner instanceof ArrayBuffer || ArrayBuffer.isView(inner)
            ? new TextDecoder().decode(inner instanceof ArrayBuffer ? inner : inner.buffer)
            : inner,
        );
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(info.name!);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (const storeName of Array.from(db.objectStoreNames)) {
          stores.push(`${info.name}/${storeName}`);
          const all = await new Promise<unknown[]>((resolve, reject) => {
            const request = db.transaction(storeName, 'readonly').objectStore(storeName).getAll();
            request.onsuccess = () => resolve(request.result as unknown[]);
            request.onerror = () => reject(request.error);
          });
          records.push(asText(all));
        }
        db.close();
      }
      return { localStorage: local, indexedDB: records.join('\n'), stores };
    });
  }

  /** Plants one record in its own IndexedDB database, so a test can prove the scan reads IndexedDB. */
  async addSentinelDatabase(text: string) {
    await this.page.evaluate(
      (value) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('e2e-scan-sentinel', 1);
          request.onupgradeneeded = () => request.result.createObjectStore('records');
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const db = request.result;
            const transaction = db.transaction('records', 'readwrite');
            transaction.objectStore('records').put({ value }, 'sentinel');
            transaction.oncomplete = () => {
              db.close();
              resolve();
            };
            transaction.onerror = () => reject(transaction.error);
          };
        }),
      text,
    );
  }
}
