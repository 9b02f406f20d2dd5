import { expect, test } from '@playwright/test';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { McpServersSection } from '../pages/mcp-servers';
import { signedInDevices } from '../pages/sync-settings';
import { MCP_URL } from '../support/env';

/** The token /bearer/mcp wants (mcp-test-server.ts, which listens when imported). */
const MCP_BEARER_TOKEN = 'e2e-mcp-token';

test.describe('MCP servers follow the user to another device', () => {
  test.setTimeout(150_000);

  test('a server added on one device appears on the other after sync; its header values do not', async ({
    browser,
  }) => {
    const { laptop, phone, laptopSync, phoneSync } = await signedInDevices(browser, 'mcp-servers');

    // Laptop: an open server with one tool switched off, and one behind a bearer token.
    const laptopServers = new McpServersSection(laptop);
    await laptopServers.open();
    await laptopServers.add({ url: `${MCP_URL}/mcp`, name: 'Weather' });
    await expect(laptopServers.status('Weather')).toHaveText('Connected: 4 tools.', { timeout: 20_000 });
    await laptopServers
      .row('Weather')
      .getByRole('switch', { name: 'Offer never_answers to the model' })
      .click();
    await laptopServers.add({
      url: `${MCP_URL}/bearer/mcp`,
      name: 'Locked',
      auth: 'Headers',
      headers: [{ name: 'Authorization', value: `Bearer ${MCP_BEARER_TOKEN}` }],
    });
    await expect(laptopServers.status('Locked')).toHaveText('Connected: 4 tools.');
    await laptopServers.plugins.close();

    await laptopSync.syncNowAndExpectSynced();
    await laptopSync.close();
    await phoneSync.syncNowAndExpectSynced();
    await phoneSync.close();

    // Phone: both entries, the tool still off; the token stayed on the laptop.
    const phoneServers = new McpServersSection(phone);
    await phoneServers.open();
    await expect(phoneServers.status('Weather')).toHaveText('Connected: 4 tools.', { timeout: 20_000 });
    await expect(
      phoneServers.row('Weather').getByRole('switch', { name: 'Offer never_answers to the model' }),
    ).toHaveAttribute('aria-checked', 'false');
    await expect(phoneServers.problem('Locked')).toContainText('refused the request (unauthorized)');
    const phoneSettings = JSON.stringify(await new RawParleyDatabase(phone).values('settings'));
    expect(phoneSettings).toContain('"headerNames":["Authorization"]');
    expect(phoneSettings).not.toContain(MCP_BEARER_TOKEN);
    expect(await phone.evaluate(() => JSON.stringify(localStorage))).not.toContain(MCP_BEARER_TOKEN);
  });
});
