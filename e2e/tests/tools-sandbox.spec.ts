import { expect, test, type Page } from '@playwright/test';
import { ChatPage } from '../pages/chat-page';
import { uniqueKey } from '../pages/chat-sim-log';
import { jsPlugin, TOOL_TIME_OUT_MS, ToolSteps, type PluginFile } from '../pages/tool-steps';
import { SIM_URL } from '../support/env';

/** Tries to read what belongs to the app; reports what it got, or the error it got instead. */
const SNOOP = `
async function snoop_app() {
  const seen = {};
  const attempt = async (name, read) => {
    try { seen[name] = 'value: ' + String(await read()); } catch (error) { seen[name] = 'error: ' + ((error && error.name) || error); }
  };
  await attempt('localStorage', () => JSON.stringify(Object.keys(localStorage)));
  await attempt('parentDocument', () => parent.document.title);
  await attempt('cookie', () => document.cookie);
  await attempt('indexedDB', () => new Promise((resolve, reject) => {
    const request = indexedDB.open('parley');
    request.onsuccess = () => resolve(JSON.stringify([...request.result.objectStoreNames]));
    request.onerror = () => reject(request.error);
  }));
  return JSON.stringify(seen);
}`;

const httpPlugin = (name: string, resultTransform: Record<string, string>): PluginFile => ({
  ...jsPlugin(name, ''),
  implementationType: 'http',
  code: undefined,
  userSettings: [
    { name: 'simKey', label: 'Simulator key', type: 'text', required: true, defaultValue: 'sk-http' },
  ],
  httpAction: JSON.stringify({
    id: `action-${name}`,
    name,
    method: 'GET',
    url: `${SIM_URL}/v1/models?from={query}`,
    hasHeaders: true,
    requestHeaders: '{"Authorization": "Bearer {simKey}"}',
    hasBody: false,
    hasResultTransform: true,
    resultTransform,
  }),
});

const plugins: PluginFile[] = [
  jsPlugin('snoop_app', SNOOP),
  jsPlugin('spin_forever', 'function spin_forever() { while (true) {} }'),
  jsPlugin(
    'show_page',
    'function show_page() { return "<h1>Hello from the frame</h1><p style=\\"height:400px\\">tall content</p>"; }',
    { outputType: 'render_html' },
  ),
  httpPlugin('list_models_hbs', {
    engine: 'handlebars',
    templateString: 'Models: {{#each data}}[{{id}}]{{/each}}',
  }),
  httpPlugin('first_model_jmes', { engine: 'jmes', expression: 'data[0].id' }),
];

test.describe('Plugins run in the sandbox', () => {
  test.describe.configure({ timeout: 120_000 });

  async function openWithPlugins(page: Page) {
    const chat = new ChatPage(page);
    await chat.seedKeys({ openai: uniqueKey() });
    await chat.open();
    const tools = new ToolSteps(page);
    await tools.plant(plugins);
    return { chat, tools };
  }

  test('a plugin that reads storage, cookies, the parent page or IndexedDB gets nothing of the app', async ({
    page,
  }) => {
    const { chat, tools } = await openWithPlugins(page);
    await chat.send('Look around [[sim:tool snoop_app {}]]');
    await expect(chat.lastAnswer()).toContainText('Tool result received', { timeout: 45_000 });
    await tools.toggle('snoop_app').click();
    const text = await tools.step('snoop_app').locator('pre').last().innerText();
    const seen = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(seen)).toEqual(['localStorage', 'parentDocument', 'cookie', 'indexedDB']);
    // Each read failed: nothing of the app's keys, title, cookies or database came back.
    for (const value of Object.values(seen)) expect(value).toMatch(/^error: /);
    expect(text).not.toContain('TM_keyVault');
    expect(text).not.toContain('chatSummaries');
  });

  test('an endless plugin is ended by its time-out while the app stays usable', async ({ page }) => {
    // The page's clock runs as usual; once the plugin runs, it jumps over the 30 s time-out.
    await page.clock.install();
    const { chat, tools } = await openWithPlugins(page);
    // Main-thread tasks over 50 ms while the plugin spins (reported with the result, not asserted:
    // a loaded test machine makes its own long tasks).
    await page.evaluate(() => {
      const tasks: number[] = [];
      Object.assign(window, { longTasks: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask' });
    });
    await chat.send('Spin [[sim:tool spin_forever {}]]');
    await expect(chat.stopButton).toBeVisible();
    // The plugin loops in its own worker: the composer keeps taking input meanwhile.
    await chat.composer.pressSequentially('still typing');
    await expect(chat.composer).toHaveValue('still typing');
    // Typed while the plugin still spins: its result (the step) is not there yet.
    await expect(tools.steps).toHaveCount(0);
    // The call is on its way (the next answer waits for it): the clock jumps over its time-out.
    // Had the call's timer not been set yet, the real 30 s would end it all the same.
    await expect(chat.answers.first()).toContainText('Called spin_forever');
    await expect(chat.answers).toHaveCount(2);
    await expect(chat.lastAnswer()).toContainText('Waiting for the answer…');
    await page.clock.fastForward(TOOL_TIME_OUT_MS);
    await expect(tools.step('spin_forever')).toContainText('Failed', { timeout: 60_000 });
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    test
      .info()
      .annotations.push({ type: 'long tasks (ms) during the run', description: JSON.stringify(longTasks) });
    console.log(`long tasks (ms) while the plugin spun: ${JSON.stringify(longTasks)}`);
    // The loop never ran on the app's thread: no task came near the time the plugin spun.
    expect(Math.max(0, ...longTasks)).toBeLessThan(5_000);
    await tools.toggle('spin_forever').click();
    await expect(tools.step('spin_forever')).toContainText('spin_forever did not answer within 30 s.');
    await expect(chat.lastAnswer()).toContainText('Tool result received: Error: spin_forever did not answer');
  });

  test('an HTML result shows in its sandboxed frame; HTTP actions run with Handlebars and JMESPath', async ({
    page,
  }) => {
    const { chat, tools } = await openWithPlugins(page);
    await chat.send('Show it [[sim:tool show_page {}]]');
    const frame = page.locator('iframe[title="Plugin result"]');
    await expect(
      page
        .frameLocator('iframe[title="Plugin result"]')
        .getByRole('heading', { name: 'Hello from the frame' }),
    ).toBeVisible({ timeout: 45_000 });
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
    // Sized to its content (a 400px paragraph), not the default height.
    await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(400);
    // On the dark theme a page without colours of its own is shown dark, not as a white block.
    const root = page.frameLocator('iframe[title="Plugin result"]').locator('html');
    await expect.poll(() => root.evaluate((element) => getComputedStyle(element).colorScheme)).toBe('normal');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(frame).toHaveAttribute('data-color-scheme', 'dark');
    await expect.poll(() => root.evaluate((element) => getComputedStyle(element).colorScheme)).toBe('dark');

    await chat.send('Models [[sim:tool list_models_hbs {"query":"hbs"}]]');
    await expect(chat.lastAnswer()).toContainText(/Tool result received: Models: \[[^\]]+\]/, {
      timeout: 45_000,
    });
    await chat.send('First model [[sim:tool first_model_jmes {"query":"jmes"}]]');
    await expect(chat.lastAnswer()).toContainText(/Tool result received: "?[\w.-]+"?/, { timeout: 45_000 });
    await expect(tools.steps).toHaveCount(3);
  });
});
