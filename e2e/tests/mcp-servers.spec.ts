import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { McpServersSection } from '../pages/mcp-servers';
import { TOOL_TIME_OUT_MS, ToolSteps } from '../pages/tool-steps';
import { APP_URL, MCP_URL } from '../support/env';

/** Nothing listens here (the range kept for this story's servers): a server that is down. */
const DOWN_URL = 'http://127.0.0.1:8819/mcp';

async function openChat(page: Page) {
  const chat = new ChatPage(page);
  await chat.seedKeys({ openai: uniqueKey('mcp') });
  await chat.open();
  return chat;
}

test.describe('MCP servers straight from the browser', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a Streamable HTTP server lists its tools and the model calls two of them', async ({ page }) => {
    const chat = await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/mcp`, name: 'Weather' });
    await expect(servers.status('Weather')).toHaveText('Connected: 4 tools.');
    await expect(servers.tools('Weather')).toHaveCount(4);
    await expect(servers.tools('Weather').first()).toContainText('get_forecast');
    // Each tool has its own switch; one switched off is not offered to the model.
    await servers.row('Weather').getByRole('switch', { name: 'Offer never_answers to the model' }).click();
    await servers.plugins.close();

    await chat.send(
      'Forecast and chart [[sim:tool get_forecast {"city":"Paris"}]] [[sim:tool render_chart {}]]',
    );
    await expect(chat.lastAnswer()).toContainText('Tool result received', { timeout: 45_000 });
    await expect(chat.lastAnswer()).toContainText('Forecast for Paris: sunny, 21 °C');
    const tools = new ToolSteps(page);
    await expect(tools.steps).toHaveCount(2);
    await expect(tools.step('get_forecast')).toContainText('Weather');
    // The image shows inline and the resource link is a link.
    const chart = tools.step('render_chart');
    await expect(chart.getByRole('img')).toBeVisible();
    await expect(chart.getByRole('link', { name: 'chart-data.csv' })).toHaveAttribute(
      'href',
      'https://example.com/chart-data.csv',
    );
    await expect(chat.lastAnswer()).toContainText('Resource: chart-data.csv');

    // Reload: the server entry is kept, the steps too.
    await page.reload();
    await expect(tools.steps).toHaveCount(2);
  });

  test('a bearer-protected server refuses without its token and works with it; SSE-only servers connect', async ({
    page,
  }) => {
    await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/bearer/mcp`, name: 'Locked' });
    await expect(servers.problem('Locked')).toContainText('refused the request (unauthorized)');
    await servers.add({
      url: `${MCP_URL}/bearer/mcp`,
      name: 'Unlocked',
      auth: 'Headers',
      headers: [{ name: 'Authorization', value: 'Bearer e2e-mcp-token' }],
    });
    await expect(servers.status('Unlocked')).toHaveText('Connected: 4 tools.');
    // The token is in the key vault, not in the synced server entry (only the header's name is).
    const settingsRows = JSON.stringify(await new RawParleyDatabase(page).values('settings'));
    expect(settingsRows).toContain('"headerNames":["Authorization"]');
    expect(settingsRows).not.toContain('e2e-mcp-token');

    await servers.add({ url: `${MCP_URL}/sse`, name: 'Legacy' });
    await expect(servers.status('Legacy')).toHaveText('Connected over HTTP+SSE: 4 tools.');
  });

  test('bad servers say what is wrong: down, no CORS, HTML, not JSON-RPC, 500 tools', async ({ page }) => {
    await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: DOWN_URL, name: 'Down' });
    await expect(servers.problem('Down')).toContainText('Could not reach the MCP server at');
    await servers.add({ url: `${MCP_URL}/nocors/mcp`, name: 'No CORS' });
    await expect(servers.problem('No CORS')).toContainText(
      `it does not allow requests from this page (CORS). The server must answer OPTIONS with Access-Control-Allow-Origin: ${APP_URL}`,
    );
    await servers.add({ url: `${MCP_URL}/html`, name: 'Web page' });
    await expect(servers.problem('Web page')).toContainText('answered with a web page, not MCP');
    await servers.add({ url: `${MCP_URL}/malformed`, name: 'Garbled' });
    await expect(servers.problem('Garbled')).toContainText('not valid JSON-RPC');
    await servers.add({ url: `${MCP_URL}/many/mcp`, name: 'Many' });
    await expect(servers.status('Many')).toContainText('Connected: 500 tools. The model gets at most 128.');
    await expect(servers.tools('Many')).toHaveCount(500);
    await servers.tools('Many').last().scrollIntoViewIfNeeded();
    await expect(servers.tools('Many').last()).toContainText('tool_499');
  });

  test('a 5 MB result is cut for the model, a silent tool times out, a down server is left out: the chat goes on', async ({
    page,
  }) => {
    // The page's clock runs as usual; it jumps over the silent tool's 30 s once the calls are made.
    await page.clock.install();
    const chat = await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    await servers.add({ url: `${MCP_URL}/mcp`, name: 'Weather' });
    await expect(servers.status('Weather')).toHaveText('Connected: 4 tools.');
    await servers.add({ url: DOWN_URL, name: 'Down' });
    await servers.plugins.close();

    const bigResultReceived = page.waitForEvent(
      'requestfinished',
      (request) => request.url().startsWith(MCP_URL) && (request.postData() ?? '').includes('"big_result"'),
    );
    await chat.send('Big and silent [[sim:tool big_result {}]] [[sim:tool never_answers {}]]');
    // The down server's tools are left out with a notice; the answer goes on with the others.
    await expect(page.getByText(/Down: Could not reach the MCP server/)).toBeVisible({ timeout: 30_000 });
    const tools = new ToolSteps(page);
    // Both calls are on their way and the 5 MB result is in: the clock jumps over the silent tool's
    // time-out (had its timer not been set yet, the real 30 s would end it all the same).
    await expect(chat.answers.first()).toContainText('Called big_result, never_answers');
    await expect(chat.answers).toHaveCount(2);
    await bigResultReceived;
    await page.clock.fastForward(TOOL_TIME_OUT_MS);
    // Both steps are stored once the silent tool's 30 s are over.
    await expect(tools.step('big_result')).toContainText('the model got the first 100,000', {
      timeout: 90_000,
    });
    await tools.toggle('big_result').click();
    await expect(tools.step('big_result').locator('pre').last()).toContainText(
      '[… cut: the result had 5242880 characters; only the first 100000 are given.]',
    );
    await tools.toggle('never_answers').click();
    await expect(tools.step('never_answers')).toContainText('never_answers did not answer within 30 s.');
    // The simulator reads the 100,000 characters back word by word: no need to wait for all of it.
    if (await chat.stopButton.isVisible()) await chat.stopButton.click();
    // The chat goes on.
    await chat.send('Still there?');
    await expect(chat.lastAnswer()).toContainText('Echo: Still there?', { timeout: 30_000 });
  });

  test('a plugin file with MCP functions adds its HTTP server and names the stdio one it cannot run', async ({
    page,
  }) => {
    await openChat(page);
    const servers = new McpServersSection(page);
    await servers.open();
    const plugin = {
      id: 'b1e7a0c2-0000-4000-8000-00000000mcp1',
      title: 'Remote tools',
      emoji: '🧩',
      pluginFunctions: [
        {
          id: 'fn-remote',
          name: 'remote_tools',
          implementationType: 'mcp',
          outputType: 'respond_to_ai',
          openaiSpec: {
            name: 'remote_tools',
            description: 'Remote tools',
            parameters: { type: 'object', properties: {} },
          },
          serverConfig: {
            mcpServers: {
              forecast: { url: `${MCP_URL}/mcp` },
              files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', './notes'] },
            },
          },
        },
      ],
    };
    await servers.plugins.importPasted(JSON.stringify(plugin));
    await expect(page.getByText('MCP servers added: forecast.')).toBeVisible();
    await expect(page.getByText('Not added, a browser cannot run them (stdio): files.')).toBeVisible();
    // The SDK's chunk loads with the first server shown: a loaded machine may take a while.
    await expect(servers.status('forecast')).toHaveText('Connected: 4 tools.', { timeout: 20_000 });
  });
});
