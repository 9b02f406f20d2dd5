import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { ChatPage } from '../pages/chat-page';
import { ImportExportSection } from '../pages/import-export-section';
import { PalettePage } from '../pages/palette-page';
import { SidebarPage } from '../pages/sidebar-page';

// This story is about the service worker, which every other story blocks (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Resolves once the app's service worker has installed (precached the build) and is active. */
async function serviceWorkerActive(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state;
  });
}

test.describe('Offline cold start: the app opens from its service worker with no network', () => {
  test('after one online visit, a new page offline opens the chats; search, import, export work; sending says offline', async ({
    page,
    context,
  }) => {
    test.slow(); // the first visit precaches the whole build (about 11 MB) before going offline
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: 'sk-offline-cold-start' });
    await chat.open();
    // Installable: the manifest is linked and names the app, its icons and standalone display.
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestHref!)).json()) as {
      name: string;
      display: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Parley', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // The worker script is revalidated on every update check, never kept by an HTTP cache.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    await serviceWorkerActive(page);

    await context.setOffline(true);
    const offline = await context.newPage();
    await page.close();
    await offline.goto('/');
    const sidebar = new SidebarPage(offline);
    await expect(sidebar.chat('(Example) Explain recursion to a ten-year-old')).toBeVisible();

    // Search (its worker and index come from the cache).
    const palette = new PalettePage(offline);
    await palette.open();
    await palette.input.fill('recursion');
    await expect(palette.result('Explain recursion')).toBeVisible();
    await offline.keyboard.press('Escape');

    // Import, offline: read, previewed and written by the portability worker, loaded from the cache.
    const at = '2026-11-01T10:00:00.000Z';
    const backup = {
      format: 'parley-export',
      data: {
        chats: [
          {
            id: 'ch-cold-offline',
            chatTitle: 'Written on a train',
            createdAt: at,
            updatedAt: at,
            messages: [
              { id: 'cold-1', role: 'user', content: 'No signal here', createdAt: at, updatedAt: at },
              {
                id: 'cold-2',
                role: 'assistant',
                content: 'Count offline:\n\n```js\nconsole.log("sandbox offline", 6 * 7);\n```',
                createdAt: at,
                updatedAt: at,
              },
            ],
          },
        ],
      },
    };
    const section = new ImportExportSection(offline);
    await section.open();
    await section.choose({ name: 'train.json', body: Buffer.from(JSON.stringify(backup)) });
    await expect(section.count('chats')).toHaveText('1');
    expect(await section.importAndFinish()).toContain('1 added');

    // Export: the zip is written by the same worker and carries the chat just imported.
    const download = await section.exportZip();
    const exported = unzipSync(readFileSync(await download.path()));
    const file = JSON.parse(strFromU8(exported['parley-export.json']!)) as {
      format: string;
      data: { chats: Array<{ chatTitle: string }> };
    };
    expect(file.format).toBe('parley-export');
    expect(file.data.chats.map((entry) => entry.chatTitle)).toContain('Written on a train');
    await offline.keyboard.press('Escape');
    await expect(sidebar.chat('Written on a train')).toBeVisible();

    // The plugin sandbox page and its runtime come from the cache: a code block's Run, a job of
    // the same sandbox frame plugins run in, works with no network.
    await sidebar.chat('Written on a train').click();
    const block = offline.locator('figure').filter({ hasText: 'sandbox offline' });
    await block.getByRole('button', { name: 'Run' }).click();
    await expect(block.getByRole('status', { name: 'Output of the js code' })).toContainText(
      'sandbox offline 42',
    );

    // Sending says the network is gone, and the message stays in the chat.
    const offlineChat = new ChatPage(offline);
    await offlineChat.send('Anyone there without a network?');
    await expect(offlineChat.userMessages.last()).toContainText('Anyone there without a network?');
    await expect(offlineChat.messages).toContainText('You appear to be offline.');
  });
});
