import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { activateLicense, AttachFiles } from '../pages/attach-files';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { pngFile } from '../pages/document-fixtures';
import { SidebarPage } from '../pages/sidebar-page';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

/** A browser profile of its own: another device of the same user. */
async function device(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** The width the browser decoded the picture at: 0 while it is not (yet) a real image. */
function decodedWidth(image: Locator): Promise<number> {
  return image.evaluate((element) => (element as HTMLImageElement).naturalWidth);
}

/**
 * The laptop: a licensed user (uploads need a license) signed up to cloud sync, attachment sync as
 * asked; sends a picture with a question, then syncs. Records every blob upload it makes.
 */
async function laptopSendsPicture(
  browser: Browser,
  request: APIRequestContext,
  email: string,
  syncAttachments: boolean,
) {
  const laptop = await device(browser);
  const uploads: string[] = [];
  laptop.on('request', (sent) => {
    if (sent.method() === 'PUT' && new URL(sent.url()).pathname.startsWith('/api/blobs/'))
      uploads.push(sent.url());
  });
  const chat = new ChatPage(laptop);
  await chat.seedKeys({ openai: uniqueKey('sk-attach') });
  await laptop.goto('/');
  await activateLicense(laptop, request);
  const sync = new CloudSyncSettings(laptop);
  await sync.signUp(email);
  const attachmentSwitch = sync.settings.dialog.getByRole('switch', { name: 'Sync attachments' });
  await expect(attachmentSwitch).not.toBeChecked();
  if (syncAttachments) {
    await attachmentSwitch.click();
    await expect(attachmentSwitch).toBeChecked();
    await sync.expectIdle();
  }
  await sync.close();

  const files = new AttachFiles(laptop);
  await files.choose([pngFile('harbour.png', 64, 48)]);
  await expect(files.chip('harbour.png')).toBeVisible({ timeout: 30_000 });
  await chat.send('What is in this photo?');
  await expect(chat.lastAnswer()).toContainText('Echo: What is in this photo?', { timeout: 30_000 });
  const image = chat.userMessages.last().getByRole('img', { name: 'harbour.png', exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => decodedWidth(image), { timeout: 15_000 }).toBeGreaterThan(0);
  await sync.syncNowAndExpectSynced();
  await sync.close();
  return { laptop, chat, sync, uploads };
}

/** The phone signs in to the same account and opens the chat the laptop made. */
async function phoneOpensTheChat(browser: Browser, email: string) {
  const phone = await device(browser);
  await phone.goto('/');
  const sync = new CloudSyncSettings(phone);
  await sync.signIn(email);
  await sync.close();
  // The one chat that synced (example chats never do); its preview is its answer.
  await new SidebarPage(phone).list
    .getByRole('button')
    .filter({ hasText: 'Echo: What is in this photo?' })
    .click();
  const chat = new ChatPage(phone);
  await expect(chat.userMessages.last()).toContainText('What is in this photo?');
  return { phone, chat };
}

test.describe('Attachments and cloud sync', () => {
  test.setTimeout(240_000);

  test('with attachment sync on, a picture sent on the laptop opens on the phone', async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('attach-on');
    const { laptop, uploads } = await laptopSendsPicture(browser, request, email, true);
    expect(uploads).toHaveLength(1);

    const { phone, chat } = await phoneOpensTheChat(browser, email);
    const image = chat.userMessages.last().getByRole('img', { name: 'harbour.png', exact: true });
    await expect(image).toBeVisible();
    // Fetched from the sync server and decoded: a real picture, not a placeholder.
    await expect.poll(() => decodedWidth(image), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(chat.userMessages.last().getByRole('note')).toHaveCount(0);

    // Kept on the phone now: it shows after a reload with the server out of the way.
    await phone.route('**/api/blobs/**', (route) => route.abort());
    await phone.reload();
    const again = chat.userMessages.last().getByRole('img', { name: 'harbour.png', exact: true });
    await expect.poll(() => decodedWidth(again), { timeout: 15_000 }).toBeGreaterThan(0);

    await laptop.context().close();
    await phone.context().close();
  });

  test('with attachment sync off, the phone gets the text and a placeholder; the laptop keeps the picture', async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('attach-off');
    const { laptop, chat: laptopChat, uploads } = await laptopSendsPicture(browser, request, email, false);
    expect(uploads).toEqual([]);

    const { phone, chat } = await phoneOpensTheChat(browser, email);
    const message = chat.userMessages.last();
    await expect(message.getByRole('note')).toHaveText(
      '1 attachment was not synced (attachment sync is off on the device that sent it)',
    );
    await expect(message.getByRole('img', { name: 'harbour.png', exact: true })).toHaveCount(0);

    // The laptop still has its picture, after a reload too.
    await laptop.reload();
    await new SidebarPage(laptop).list
      .getByRole('button')
      .filter({ hasText: 'Echo: What is in this photo?' })
      .click();
    const kept = laptopChat.userMessages.last().getByRole('img', { name: 'harbour.png', exact: true });
    await expect.poll(() => decodedWidth(kept), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(laptopChat.userMessages.last().getByRole('note')).toHaveCount(0);

    await laptop.context().close();
    await phone.context().close();
  });
});
