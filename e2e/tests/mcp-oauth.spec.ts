import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { McpServersSection } from '../pages/mcp-servers';
import { ToolSteps } from '../pages/tool-steps';
import { MCP_URL } from '../support/env';

/** The OAuth test server's counters (e2e/support/mcp-oauth-server.ts). */
async function oauthStats(): Promise<{ registrations: number; refreshes: number; codes: number }> {
  return (await fetch(`${MCP_URL}/oauth/stats`)).json() as Promise<{
    registrations: number;
    refreshes: number;
    codes: number;
  }>;
}

async function openChat(page: Page) {
  const chat = new ChatPage(page);
  await chat.seedKeys({ openai: uniqueKey('mcp-oauth') });
  await chat.open();
  return chat;
}

const SIGN_IN_ASKED = 'This server asks you to sign in.';

test.describe('MCP servers behind OAuth 2.1', () => {
  // One after the other: the server's counters are shared.
  test.describe.configure({ timeout: 180_000, mode: 'serial' });

  test('sign in through a popup, use a tool, keep the sign-in across a reload, refresh an expired token, sign out', async ({
    page,
  }) => {
    const chat = await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    // Added without sign-in: the server's metadata names an authorization server, so it asks.
    await servers.add({ url: `${MCP_URL}/oauth/mcp`, name: 'Secured' });
    await expect(servers.status('Secured')).toHaveText(SIGN_IN_ASKED, { timeout: 20_000 });
    const before = await oauthStats();

    const popupOpened = page.waitForEvent('popup');
    await servers.row('Secured').getByRole('button', { name: 'Sign in' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Approve' }).click();
    // The callback page hands the code over and closes its window.
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(servers.status('Secured')).toHaveText('Connected: 4 tools.');
    const signedIn = await oauthStats();
    expect(signedIn.registrations - before.registrations).toBeGreaterThanOrEqual(1);
    expect(signedIn.codes - before.codes).toBe(1);
    // The tokens are in the key vault, not in the synced server entry.
    const settingsRows = JSON.stringify(await new RawParleyDatabase(page).values('settings'));
    expect(settingsRows).toContain('"auth":"oauth"');
    expect(settingsRows).not.toMatch(/at-[0-9a-f-]{36}/);
    // A reload keeps the sign-in: the tokens come back from the vault, no new sign-in.
    await page.reload();
    await servers.open();
    await expect(servers.status('Secured')).toHaveText('Connected: 4 tools.', { timeout: 20_000 });
    expect((await oauthStats()).codes).toBe(signedIn.codes);
    await servers.plugins.close();

    // The access token expires: the tool call is refused once, the refresh token gets a new one,
    // and the call goes through.
    await fetch(`${MCP_URL}/oauth/expire`, { method: 'POST' });
    await chat.send('Forecast please [[sim:tool get_forecast {"city":"Oslo"}]]');
    await expect(chat.lastAnswer()).toContainText('Forecast for Oslo: sunny, 21 °C', { timeout: 45_000 });
    await expect(new ToolSteps(page).step('get_forecast')).toContainText('Secured');
    const refreshed = await oauthStats();
    expect(refreshed.refreshes - signedIn.refreshes).toBeGreaterThanOrEqual(1);
    expect(refreshed.codes).toBe(signedIn.codes);

    // Sign out forgets the tokens: the server asks again.
    await servers.open();
    await servers.row('Secured').getByRole('button', { name: 'Sign out' }).click();
    await expect(servers.status('Secured')).toHaveText(SIGN_IN_ASKED);
    await expect(servers.row('Secured').getByRole('button', { name: 'Sign out' })).toBeHidden();
  });

  test('with popups blocked the sign-in takes the whole tab and comes back to the finished sign-in', async ({
    page,
  }) => {
    // A browser that blocks popups: window.open gives nothing.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/oauth/mcp`, name: 'Secured', auth: 'OAuth (sign in)' });
    await expect(servers.status('Secured')).toHaveText(SIGN_IN_ASKED, { timeout: 20_000 });
    await servers.row('Secured').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    // Back in Parley (the callback page sent the tab home with the code for it): the Plugins screen
    // opens by itself and finishes the sign-in, without the user going to look for it.
    await page.waitForURL((url) => url.pathname === '/');
    await expect(servers.section).toBeVisible({ timeout: 20_000 });
    await expect(servers.status('Secured')).toHaveText('Connected: 4 tools.', { timeout: 20_000 });
  });
});
