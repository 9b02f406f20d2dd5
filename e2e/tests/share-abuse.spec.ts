import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { sidebarChat } from '../pages/data-section';
import { serverDataDir } from '../pages/license-server-admin';
import { seedLibrary } from '../pages/sidebar-library';
import { CloudSyncSettings, uniqueEmail } from '../pages/sync-settings';
import { REPO_ROOT } from '../support/env';

const run = promisify(execFile);

/** About 120 kB of answer: more than the storage the account has left. */
const LONG_ANSWER = `${'The quarter in numbers, line by line. '.repeat(3200)}End of the report.`;

/**
 * An administrator lowers an account's storage limit, as on a server with small quotas: one SQL
 * statement on the e2e server's SQLite database, from a second process (the server keeps running).
 */
async function limitAccountStorage(request: APIRequestContext, email: string, bytes: number) {
  const file = path.join(await serverDataDir(request), 'parley.sqlite');
  const script = `
    const [file, email, bytes] = process.argv.slice(1);
    const db = require('better-sqlite3')(file);
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('update users set limit_usage_bytes = ? where email = ?').run(Number(bytes), email).changes;
    if (changed !== 1) throw new Error('no account ' + email);
    db.close();`;
  await run(process.execPath, ['-e', script, file, email, String(bytes)], { cwd: REPO_ROOT });
}

/** What the server holds for the signed-in account (the page's own cookie session). */
function account(page: Page) {
  return page.evaluate(async () => {
    const self = (await (await fetch('/api/hosted/users/self')).json()) as { totalUsageBytes: number };
    const links = (await (await fetch('/api/shares')).json()) as { shares: unknown[] };
    return { usage: self.totalUsageBytes, links: links.shares.length };
  });
}

test.describe('Share links cannot get round the storage quota', () => {
  test('SL7 a large chat shared from an account with little storage left is refused with a clear message, and nothing is lost', async ({
    page,
    request,
  }) => {
    const chat = new ChatPage(page);
    await chat.open();
    await seedLibrary(page, [
      {
        id: 'ch-quarterly',
        title: 'Quarterly report',
        updatedAt: new Date().toISOString(),
        messages: ['Summarise the quarter.', LONG_ANSWER],
      },
    ]);
    const email = uniqueEmail('share-quota');
    const sync = new CloudSyncSettings(page);
    await sync.signUp(email);
    await sync.close();
    const before = await account(page);
    expect(before.usage).toBeGreaterThan(LONG_ANSWER.length);
    await limitAccountStorage(request, email, before.usage + 50_000);

    await sidebarChat(page, 'Quarterly report').click();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share chat' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'This chat is too large to share: your account would go over its storage limit',
    );
    await expect(dialog.getByRole('alert')).toContainText('Revoke links you no longer need');
    await expect(dialog.getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Nothing is lost: no link, the same usage, the chat whole, and sync still goes through.
    expect(await account(page)).toEqual(before);
    await expect(chat.lastAnswer()).toContainText('End of the report.');
    await sync.syncNowAndExpectSynced();
  });
});
