import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { DataSection } from '../pages/data-section';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { SidebarPage } from '../pages/sidebar-page';

const FORMAT_KEY = 'parley.dataFormat';
const MARKER_KEY = 'parley.dataUpgrade';

/** The snapshots as the app stored them (database "parley-snapshots"), without their data. */
async function storedSnapshots(page: Page): Promise<{ id: string; reason: string }[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('parley-snapshots');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const rows = await new Promise<{ id: string; reason: string }[]>((resolve, reject) => {
      const request = db.transaction('snapshots', 'readonly').objectStore('snapshots').getAll();
      request.onsuccess = () => resolve(request.result as { id: string; reason: string }[]);
      request.onerror = () => reject(request.error);
    });
    db.close();
    return rows.map(({ id, reason }) => ({ id, reason }));
  });
}

async function openSnapshots(page: Page) {
  const data = new DataSection(page);
  await data.open();
  await data.dialog.getByRole('button', { name: /^Automatic snapshots/ }).click();
  await expect(data.dialog.getByRole('heading', { name: 'Automatic snapshots' })).toBeVisible();
  return data.dialog;
}

test.describe('Automatic snapshots', () => {
  // Each story reloads the app two or three times and copies the database in a worker.
  test.slow();

  test('a snapshot taken in Settings → Data brings a deleted chat back, and the restore can be undone', async ({
    page,
  }) => {
    const sidebar = new SidebarPage(page);
    await page.goto('/');
    await new RawParleyDatabase(page).putChats([
      { id: 'ch-snap-1', title: 'Holiday plans', messages: ['Where to go in May?', 'Lisbon or Porto.'] },
      { id: 'ch-snap-2', title: 'Tax questions', messages: ['When is the deadline?', 'The end of June.'] },
    ]);
    await page.reload();
    await expect(sidebar.chat('Holiday plans')).toBeVisible();

    let dialog = await openSnapshots(page);
    await dialog.getByRole('button', { name: 'Take a snapshot now' }).click();
    const list = dialog.getByRole('list', { name: 'Snapshots' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Taken by you');
    await page.getByRole('button', { name: 'Close settings' }).click();

    await sidebar.chatMenu('Holiday plans', 'Delete');
    await expect(sidebar.chat('Holiday plans')).toHaveCount(0);

    dialog = await openSnapshots(page);
    await dialog.getByRole('button', { name: /^Restore the snapshot from / }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Restore this snapshot?' });
    await confirm.getByRole('button', { name: 'Restore and reload' }).click();
    // The page reloads with the data as it was.
    await expect(sidebar.chat('Holiday plans')).toBeVisible({ timeout: 15_000 });
    await sidebar.chat('Holiday plans').click();
    await expect(new ChatPage(page).messages).toContainText('Lisbon or Porto.');
    const reasons = (await storedSnapshots(page)).map((snapshot) => snapshot.reason).sort();
    expect(reasons).toEqual(['before-restore', 'manual']);
  });

  test('an update of the data that never finished is rolled back from the snapshot taken before it', async ({
    page,
  }) => {
    const sidebar = new SidebarPage(page);
    const raw = new RawParleyDatabase(page);
    await page.goto('/');
    // Chats as an earlier release stored them (chat schema 2, no message tree), in its data format.
    await raw.putChats([
      { id: 'ch-old-1', title: 'Recipe ideas', messages: ['Something with lentils?', 'A dal.'] },
      { id: 'ch-old-2', title: 'Garden', messages: ['When to plant tomatoes?', 'After the last frost.'] },
      { id: 'ch-old-3', title: 'Reading list', messages: ['A novel for the train?', 'Try Piranesi.'] },
    ]);
    await page.evaluate((key) => localStorage.setItem(key, 'db1.chat2.message2'), FORMAT_KEY);

    // This release starts: it copies the data first, then upgrades it, then records the new format.
    await page.reload();
    await expect(sidebar.chat('Recipe ideas')).toBeVisible();
    const snapshots = await storedSnapshots(page);
    expect(snapshots.map((snapshot) => snapshot.reason)).toEqual(['before-upgrade']);
    const format = await page.evaluate((key) => localStorage.getItem(key), FORMAT_KEY);
    expect(format).not.toBe('db1.chat2.message2');
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER_KEY)).toBeNull();

    // Now the same upgrade as if it had died half way: the marker left behind, two chats gone and one
    // damaged, and the format not yet recorded.
    await page.evaluate(
      ({ formatKey, markerKey, snapshotId }) => {
        localStorage.setItem(formatKey, 'db1.chat2.message2');
        localStorage.setItem(
          markerKey,
          JSON.stringify({
            state: 'running',
            snapshotId,
            from: 'db1.chat2.message2',
            to: 'x',
            startedAt: '',
          }),
        );
      },
      { formatKey: FORMAT_KEY, markerKey: MARKER_KEY, snapshotId: snapshots[0]!.id },
    );
    await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('parley');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(['chats', 'chatSummaries'], 'readwrite');
      for (const id of ['ch-old-1', 'ch-old-2']) {
        tx.objectStore('chats').delete(id);
        tx.objectStore('chatSummaries').delete(id);
      }
      tx.objectStore('chats').put({ id: 'ch-old-3', half: 'written' }, 'ch-old-3');
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error);
      });
      db.close();
    });

    await page.reload();
    await expect(page.getByText(/An update of your data did not finish last time/)).toBeVisible();
    for (const title of ['Recipe ideas', 'Garden', 'Reading list']) {
      await expect(sidebar.chat(title)).toBeVisible();
    }
    await sidebar.chat('Reading list').click();
    await expect(new ChatPage(page).messages).toContainText('Try Piranesi.');
    // The half-done data is kept too, as the snapshot taken before the restore.
    const reasons = (await storedSnapshots(page)).map((snapshot) => snapshot.reason).sort();
    expect(reasons).toContain('before-restore');
    expect(await page.evaluate((key) => localStorage.getItem(key), MARKER_KEY)).toBeNull();
  });
});
