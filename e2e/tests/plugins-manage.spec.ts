import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { RawParleyDatabase } from '../pages/data-raw-idb';
import { PluginsScreen } from '../pages/plugins-screen';
import { uniqueKey } from '../pages/chat-sim-log';
import { mcpOnlyGen2, teamToolsGen2, weatherGen1 } from '../support/plugin-files';

/** Serves plugin files: /team.json with CORS, /no-cors.json without (the browser must refuse it). */
let server: Server;
let base = '';

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/team.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      return void res.end(JSON.stringify(teamToolsGen2));
    }
    if (req.url === '/no-cors.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify(mcpOnlyGen2));
    }
    res.writeHead(404, { 'access-control-allow-origin': '*' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test.describe('Plugins screen', () => {
  test('import by file, URL and paste; settings with a password kept out of the synced data; edit, disable, export, delete', async ({
    page,
  }) => {
    test.slow();
    const chat = new ChatPage(page);
    await chat.open();
    const plugins = new PluginsScreen(page);
    await plugins.open();

    // Generation 1 by file (JSON-text fields), generation 2 by URL, an MCP-only one by paste.
    await plugins.importFile('weather.json', JSON.stringify(weatherGen1));
    await expect(plugins.row('Weather')).toBeVisible();
    await plugins.importUrl(`${base}/team.json`);
    await expect(plugins.row('Team tools')).toBeVisible();
    await plugins.importUrl(`${base}/no-cors.json`);
    await expect(plugins.importAlert).toContainText('Unable to import plugin. Please try again.');
    await expect(plugins.importAlert).toContainText('cross-origin requests (CORS)');
    await plugins.importPasted(JSON.stringify(mcpOnlyGen2));
    await expect(plugins.row('Remote drive')).toBeVisible();

    // Each row: its functions and what it needs.
    await expect(plugins.row('Weather')).toContainText('get_weather');
    await expect(plugins.row('Weather').getByTestId('plugin-status')).toHaveText('Needs settings: API key');
    await expect(plugins.row('Team tools')).toContainText('lookup_user, remote_files');
    await expect(plugins.row('Team tools').getByTestId('plugin-status')).toHaveText('Enabled');
    await expect(plugins.row('Remote drive').getByTestId('plugin-status')).toHaveText('Needs an MCP server');

    // The settings form from userSettings: an enum and a required password.
    await plugins.row('Weather').getByRole('button', { name: 'Settings of Weather' }).click();
    await expect(plugins.dialog.getByLabel('Units')).toHaveValue('metric');
    await expect(plugins.dialog.getByText('From your weather account.')).toBeVisible();
    await plugins.dialog.getByLabel('API key (required)').fill('weather-secret-123');
    await plugins.dialog.getByLabel('Units').selectOption('imperial');
    await plugins.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(plugins.row('Weather').getByTestId('plugin-status')).toHaveText('Enabled');

    // The password is not in any stored (synced) row in clear; the enum value is.
    const db = new RawParleyDatabase(page);
    const settingsRows = JSON.stringify(await db.values('settings'));
    expect(settingsRows).toContain('imperial');
    expect(settingsRows).not.toContain('weather-secret-123');
    expect(JSON.stringify(await plugins.storedPlugins())).not.toContain('weather-secret-123');

    // Edit: the name changes, the format stays generation 1.
    await plugins.row('Weather').getByRole('button', { name: 'Edit Weather' }).click();
    await plugins.dialog.getByLabel('Plugin name').fill('Weather now');
    await plugins.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(plugins.row('Weather now')).toBeVisible();

    // Disable.
    const toggle = plugins.row('Team tools').getByRole('switch', { name: 'Enable Team tools' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(plugins.row('Team tools').getByTestId('plugin-status')).toHaveText('Disabled');

    // Export gives back the generation-2 file with its functions.
    const download = page.waitForEvent('download');
    await plugins.row('Team tools').getByRole('button', { name: 'Export Team tools' }).click();
    const file = JSON.parse(await readFile(await (await download).path(), 'utf8')) as Record<string, unknown>;
    expect(file).toMatchObject({ uuid: teamToolsGen2.uuid, title: 'Team tools' });
    expect(file.pluginFunctions).toHaveLength(2);
    expect(file).not.toHaveProperty('enabled');

    // Delete leaves a tombstone for sync.
    await plugins.row('Remote drive').getByRole('button', { name: 'Delete Remote drive' }).click();
    await expect(plugins.row('Remote drive')).toBeHidden();
    const stored = await plugins.storedPlugins();
    expect(stored.find((p) => p.uuid === mcpOnlyGen2.uuid)?.deletedAt).toEqual(expect.any(String));
    const weather = stored.find((p) => p.uuid === weatherGen1.uuid);
    expect(weather).toMatchObject({ title: 'Weather now', id: 'e2e-weather-0001' });
    expect(weather).not.toHaveProperty('pluginFunctions');
  });

  test('broken plugin files each say why and change nothing', async ({ page }) => {
    test.slow();
    const chat = new ChatPage(page);
    await chat.open();
    const plugins = new PluginsScreen(page);
    await plugins.open();
    await plugins.importPasted(JSON.stringify(weatherGen1));
    await expect(plugins.row('Weather')).toBeVisible();
    const before = await plugins.storedPlugins();

    const broken: [string, string][] = [
      ['{"title": ', 'The file is not valid JSON.'],
      [JSON.stringify({ ...weatherGen1, title: '' }), 'Plugin name is required'],
      [
        JSON.stringify({ ...weatherGen1, uuid: 'x', userSettings: '[{' }),
        'User Settings input is not a valid JSON.',
      ],
      [
        JSON.stringify({ ...weatherGen1, uuid: 'x', userSettings: '{"name":"a"}' }),
        'Invalid User Settings: JSON string must be an array',
      ],
      [
        JSON.stringify({
          ...weatherGen1,
          uuid: 'x',
          userSettings: [{ name: 'a', label: 'A', type: 'colour' }],
        }),
        '"type" must be "text", "password", "number", "email" or "enum"',
      ],
      [
        JSON.stringify({ ...weatherGen1, uuid: 'x', openaiSpec: { name: 'get_weather' } }),
        'The function spec of "get_weather" must have a description.',
      ],
      [
        JSON.stringify({ ...weatherGen1, uuid: 'other', id: 'other', title: 'Other' }),
        'Duplicate function name: "get_weather" is already used by the plugin "Weather".',
      ],
      [
        JSON.stringify({ ...weatherGen1, uuid: 'x', code: 'x'.repeat(200_001) }),
        'longer than 200 k characters',
      ],
    ];
    for (const [text, reason] of broken) {
      await plugins.importPasted(text);
      await expect(plugins.importAlert).toContainText('Unable to import plugin. Please try again.');
      await expect(plugins.importAlert).toContainText(reason);
    }
    expect(await plugins.storedPlugins()).toEqual(before);
    await expect(plugins.list.getByRole('listitem')).toHaveCount(1);

    // A repository's pair, chosen together, imports as one plugin with the code from implementation.js.
    const { code, ...meta } = { ...weatherGen1, uuid: 'e2e-repo-pair', id: 'repo_clock', title: 'Clock' };
    const spec = { name: 'get_time', description: 'The time now', parameters: { type: 'object' } };
    const panel = await plugins.showImport('File');
    await panel.getByLabel('Plugin file').setInputFiles([
      {
        name: 'plugin.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ ...meta, openaiSpec: spec })),
      },
      {
        name: 'implementation.js',
        mimeType: 'text/javascript',
        buffer: Buffer.from(code.replaceAll('get_weather', 'get_time')),
      },
    ]);
    await expect(plugins.row('Clock')).toContainText('get_time');
    const clock = (await plugins.storedPlugins()).find((p) => p.uuid === 'e2e-repo-pair');
    expect(clock?.code).toContain('async function get_time(params)');
  });

  test('the chat plugins menu (shortcut P) chooses the plugins of one chat and explains an unusable one', async ({
    page,
  }) => {
    test.slow();
    const chat = new ChatPage(page);
    const key = uniqueKey('sk-plugins');
    await chat.seedKeys({ openai: key, anthropic: key, gemini: key, openrouter: key });
    await chat.open();
    const plugins = new PluginsScreen(page);
    await plugins.open();
    await plugins.importPasted(JSON.stringify(weatherGen1));
    await plugins.importPasted(JSON.stringify(teamToolsGen2));
    await expect(plugins.row('Team tools')).toBeVisible();
    await plugins.close();

    await chat.send('Hello plugins');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello plugins');

    await page.keyboard.press('ControlOrMeta+Shift+P');
    const menu = page.getByRole('dialog', { name: 'Plugins in this chat' });
    await expect(menu).toBeVisible();
    const team = menu.getByRole('switch', { name: 'Use Team tools in this chat' });
    const weather = menu.getByRole('switch', { name: 'Use Weather in this chat' });
    await expect(team).toHaveAttribute('aria-checked', 'true');
    await expect(weather).toHaveAttribute('aria-checked', 'false');

    // An unusable plugin says what is missing instead of switching on.
    await weather.click();
    await expect(menu.getByRole('alert')).toHaveText('Needs settings: API key');
    await expect(weather).toHaveAttribute('aria-checked', 'false');

    // Switching one off is this chat's choice, stored on the chat.
    await team.click();
    await expect(team).toHaveAttribute('aria-checked', 'false');
    // The chat keeps its own list: every enabled plugin but the one switched off.
    const stored = await new RawParleyDatabase(page).values<{ pluginIds?: unknown; isExample?: boolean }>(
      'chats',
    );
    expect(stored.filter((c) => !c.isExample).map((c) => c.pluginIds)).toEqual([[weatherGen1.uuid]]);

    await page.keyboard.press('ControlOrMeta+Shift+P');
    await expect(menu).toBeHidden();
  });
});

test.describe('Plugins: create and the plan limit', () => {
  test('a plugin created in the editor is generation 2; without Premium a fourth one stays off and says why', async ({
    page,
  }) => {
    test.slow();
    const chat = new ChatPage(page);
    await chat.open();
    const plugins = new PluginsScreen(page);
    await plugins.open();

    await plugins.dialog.getByRole('button', { name: 'New plugin' }).click();
    await plugins.dialog.getByLabel('Plugin name').fill('Dice');
    await plugins.dialog.getByLabel('Function name').fill('roll_dice');
    await plugins.dialog.getByLabel('Description', { exact: true }).fill('Rolls a die');
    // The code editor is CodeMirror: its content is a labelled text box.
    const code = plugins.dialog.getByRole('textbox', { name: 'Code' });
    await code.click();
    await page.keyboard.type('function roll_dice() { return 4; }');
    await plugins.dialog.getByRole('button', { name: 'Save' }).click();
    await expect(plugins.row('Dice')).toContainText('roll_dice');
    const dice = (await plugins.storedPlugins()).find((p) => p.title === 'Dice');
    expect(dice?.pluginFunctions).toEqual([
      expect.objectContaining({
        name: 'roll_dice',
        implementationType: 'javascript',
        code: expect.stringContaining('function roll_dice() { return 4; }'),
        openaiSpec: expect.objectContaining({ name: 'roll_dice', description: 'Rolls a die' }),
      }),
    ]);

    // Three enabled (no license): the next import is installed switched off.
    await plugins.importPasted(JSON.stringify(weatherGen1));
    await plugins.importPasted(JSON.stringify(teamToolsGen2));
    await expect(plugins.row('Team tools')).toBeVisible();
    await plugins.importPasted(JSON.stringify(mcpOnlyGen2));
    await expect(page.getByText('Plugin Remote drive installed, switched off')).toBeVisible();
    const fourth = plugins.row('Remote drive').getByRole('switch', { name: 'Enable Remote drive' });
    await expect(fourth).toHaveAttribute('aria-checked', 'false');
    await fourth.click();
    await expect(
      page.getByText(
        'You need to buy a license key to use this feature. Without Premium, at most 3 plugins can be enabled at once.',
      ),
    ).toBeVisible();
    await expect(fourth).toHaveAttribute('aria-checked', 'false');
  });
});
