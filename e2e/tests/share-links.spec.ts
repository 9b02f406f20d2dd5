import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';

const PAYLOAD =
  'Plans for May <script>window.__shared_xss = 1</script> <img src=x onerror="window.__shared_xss = 2"> **bold**';

test.describe('Share links', () => {
  test.slow();

  test('a shared chat opens for anyone with the link, renders inert, and is gone once revoked', async ({
    page,
    browser,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey('sk-share') });
    await page.goto('/');
    const sync = new CloudSyncSettings(page);
    await sync.signUp(uniqueEmail('share'));
    await sync.close();
    await chat.send(PAYLOAD);
    await expect(chat.lastAnswer()).toContainText('Echo: Plans for May');

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share chat' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = dialog.getByRole('textbox', { name: 'Share link' });
    await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{22}$/);
    const url = await link.inputValue();

    // A fresh browser, not signed in, opens the link.
    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    const response = await reader.goto(url);
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    const messages = reader.getByRole('list', { name: 'Messages' });
    await expect(messages).toContainText('Echo: Plans for May');
    await expect(messages.locator('strong').first()).toHaveText('bold');
    expect(await reader.evaluate(() => (window as { __shared_xss?: number }).__shared_xss)).toBeUndefined();
    await expect(messages.locator('script, img[onerror]')).toHaveCount(0);
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // The owner revokes: the link is gone at once.
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(link).toHaveCount(0);
    await reader.reload();
    await expect(reader.getByText('This shared chat does not exist or was removed.')).toBeVisible();
    await stranger.close();
  });

  test('Continue this chat in Parley copies a shared chat into the reader’s own browser', async ({
    page,
    browser,
  }) => {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey('sk-share2') });
    await page.goto('/');
    const sync = new CloudSyncSettings(page);
    await sync.signUp(uniqueEmail('share-continue'));
    await sync.close();
    await chat.send('Which trains go to Porto?');
    await expect(chat.lastAnswer()).toContainText('Echo: Which trains go to Porto?');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share chat' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByRole('textbox', { name: 'Share link' }).inputValue();

    const stranger = await browser.newContext();
    const reader = await stranger.newPage();
    await reader.goto(url);
    await reader.getByRole('button', { name: 'Continue this chat in Parley' }).click();
    await expect(reader).toHaveURL(/\/$/);
    const copy = new ChatPage(reader);
    await expect(copy.messages).toContainText('Echo: Which trains go to Porto?');
    await stranger.close();
  });
});
