import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ChatPage, SIM_ENDPOINTS } from '../pages/chat-page';
import { openSettings } from '../pages/open-settings';
import { PalettePage } from '../pages/palette-page';
import { REPO_ROOT } from '../support/env';
import { startStaticHost, type StaticHost } from '../support/static-server';

// The static build registers its service worker: these stories are about it (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const WEB = path.join(REPO_ROOT, 'packages/web');
const STATIC_DIR = path.join(WEB, 'dist-static');

/**
 * `npm run build:static` is built here when it is missing or older than the app build the other
 * stories use (it is not part of the e2e setup's build: about 15 s more for two stories).
 */
function ensureStaticBuild() {
  const index = path.join(STATIC_DIR, 'index.html');
  const appIndex = path.join(WEB, 'dist/index.html');
  const fresh =
    existsSync(index) && (!existsSync(appIndex) || statSync(index).mtimeMs >= statSync(appIndex).mtimeMs);
  if (fresh) return;
  const build = spawnSync('npm', ['run', 'build:static', '-w', '@parley/web'], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
  if (build.status !== 0) throw new Error(`npm run build:static failed:\n${build.stderr.toString()}`);
}

let host: StaticHost;

// One worker builds (when needed) and serves the static folder for both stories.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  ensureStaticBuild();
  host = await startStaticHost(STATIC_DIR, '/tools/parley');
});

test.afterAll(async () => {
  await host?.close();
});

async function serviceWorkerActive(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

test.describe('The static build on a plain static host, under a sub-path', () => {
  test('opens from the sub-path without our server, and a chat with the provider simulator works', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await page.addInitScript((endpoints) => {
      if (localStorage.getItem('TM_keyVault') === null) {
        localStorage.setItem(
          'TM_keyVault',
          JSON.stringify({ version: 1, endpoints, plainKeys: { openai: 'sk-static-host' } }),
        );
      }
    }, SIM_ENDPOINTS);
    await page.goto(host.url);
    await expect(chat.composer).toBeVisible();
    await chat.send('Hello from a static host');
    await expect(chat.lastAnswer()).toContainText('Echo: Hello from a static host');
    // Its files came from the sub-path, the service worker's scope included.
    await serviceWorkerActive(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(host.url);
    expect(host.requested).toEqual(expect.arrayContaining(['index.html', 'sw.js', 'manifest.webmanifest']));
  });

  test('a new deploy shows "A new version is ready": Reload brings it, two reloads at the latest too, nothing changes before', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    await page.goto(host.url);
    await expect(chat.composer).toBeVisible();
    await serviceWorkerActive(page);
    // The page of a first visit is not the worker's yet (no clients.claim()): the next one is.
    await page.reload();
    await expect(chat.composer).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await chat.composer.fill('a draft in progress');

    // A deploy: a new index.html and the service worker that lists it (its revision changed).
    const index = readFileSync(path.join(STATIC_DIR, 'index.html'), 'utf8');
    const worker = readFileSync(path.join(STATIC_DIR, 'sw.js'), 'utf8');
    const revision = /\{url:"index\.html",revision:"([0-9a-f]+)"\}/.exec(worker)?.[1];
    expect(revision).toBeDefined();
    const deploy = async (build: string) => {
      host.replace(
        'index.html',
        index.replace('<head>', `<head>\n    <meta name="parley-build" content="${build}" />`),
      );
      host.replace('sw.js', worker.replace(`revision:"${revision}"`, `revision:"${build}"`));
      // The app asks for updates hourly and when back online; the story asks now.
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        await registration.update();
      });
    };
    const build = page.locator('meta[name="parley-build"]');
    const banner = page.getByRole('status', { name: 'App update' });

    await deploy('second');
    await expect(banner).toContainText('A new version of Parley is ready.');
    // Nothing was swapped under the user: the page and its draft are the old build's.
    await expect(chat.composer).toHaveValue('a draft in progress');
    await expect(build).toHaveCount(0);
    // Later: the banner goes; the user's own reloads bring the new build (the only tab).
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(chat.composer).toBeVisible();
    if ((await build.count()) === 0) {
      // The first reload told the waiting worker to take over; on a loaded machine it may still be
      // activating: the second reload comes once it has (no click on Reload in between).
      await expect
        .poll(() => page.evaluate(async () => !(await navigator.serviceWorker.getRegistration())?.waiting))
        .toBe(true);
      await page.reload();
    }
    await expect(build).toHaveAttribute('content', 'second');

    // The next deploy, taken with Reload.
    await expect(chat.composer).toBeVisible();
    await expect(async () => {
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    }).toPass();
    await deploy('third');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await expect(build).toHaveAttribute('content', 'third');
    await expect(chat.composer).toBeVisible();
    await expect(banner).toBeHidden();
  });

  test('parley.config.json: flags off hide their features, providers and an extension of the host; a malformed file shows what to fix', async ({
    page,
  }) => {
    const chat = new ChatPage(page);
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const palette = new PalettePage(page);
    await chat.seedKeys({ openai: 'sk-static-config' });
    // The host's extension (decision 0140): a script beside the app, run in the plugin sandbox.
    host.replace(
      'ext/acme.js',
      `var parleyExtension = { name: 'ACME catalogue', tools: [{ name: 'acme_lookup',
        description: 'Looks up an ACME product by its code.',
        parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
        run: ({ code }) => 'ACME ' + code + ': 3 in stock, origin ' + self.origin }] };`,
    );
    try {
      host.replace(
        'parley.config.json',
        JSON.stringify({
          flags: { promptLibrary: false, webSearch: false },
          welcomeText: 'Welcome to ACME chat.\nAsk about the <b>handbook</b>.',
          providers: ['openai'],
          extensions: ['ext/acme.js'],
        }),
      );
      await page.goto(host.url);
      await expect(chat.composer).toBeVisible();
      // The host's welcome text in place of the default line, as typed (decision 0126).
      await expect(page.getByText('Welcome to ACME chat.')).toHaveText(
        'Welcome to ACME chat.\nAsk about the <b>handbook</b>.',
      );
      await expect(page.getByText(/Pick a model and send your first message/)).toHaveCount(0);
      await expect(sidebar.getByRole('button', { name: 'AI agents' })).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Prompt library' })).toHaveCount(0);
      await palette.open();
      await palette.input.fill('settings');
      await expect(palette.dialog.getByRole('option', { name: 'Settings' })).toBeVisible();
      await palette.input.fill('prompt library');
      await expect(palette.dialog.getByRole('option', { name: 'Open prompt library' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // webSearch off: no section; only the provider offered; the static build without a sync
      // server asks for one; the host's extension is listed with its tool (decisions 0138-0140).
      const settings = await openSettings(page);
      await expect(settings.section('Web search')).toHaveCount(0);
      await settings.showSection('API keys');
      await expect(settings.dialog.getByLabel('OpenAI API key', { exact: true })).toBeVisible();
      await expect(settings.dialog.getByLabel('Anthropic API key', { exact: true })).toHaveCount(0);
      await settings.showSection('Cloud Sync');
      await expect(settings.dialog.getByText('This copy of Parley has no sync server.')).toBeVisible();
      await expect(settings.dialog.getByLabel('Email')).toHaveCount(0);
      await settings.showSection('Extensions');
      const extension = settings.dialog.getByRole('listitem', { name: 'ACME catalogue' });
      await expect(extension).toContainText('Active. Tools: acme_lookup');
      await expect(extension).toContainText(`${host.url}ext/acme.js`);
      await settings.close();
      // The model calls the extension's tool: it runs in the sandbox's opaque origin, not the app's.
      await chat.send('Is X-1 in stock? [[sim:tool acme_lookup {"code":"X-1"}]]');
      await expect(chat.lastAnswer()).toContainText(
        'Tool result received: ACME X-1: 3 in stock, origin null',
      );

      host.replace(
        'parley.config.json',
        '{ "flags": { "promptLibrary": "no", "navbar": false }, "welcomeText": " ", "providers": ["acme"] }',
      );
      await page.reload();
      await expect(page.getByRole('heading', { name: 'This copy of Parley is misconfigured' })).toBeVisible();
      const problems = page.getByRole('list', { name: 'Problems in the settings file' });
      await expect(problems).toContainText('flags.promptLibrary: must be true or false');
      await expect(problems).toContainText('flags.navbar: not a known flag');
      await expect(problems).toContainText('welcomeText: must not be empty');
      await expect(problems).toContainText(
        'providers.0: must be one of openai, anthropic, gemini, openrouter',
      );
      await expect(chat.composer).toHaveCount(0);

      // Fixed: the app opens again with what the browser kept.
      host.restore('parley.config.json');
      await page.reload();
      await expect(chat.composer).toBeVisible();
      await expect(sidebar.getByRole('button', { name: 'Prompt library' })).toBeVisible();
    } finally {
      host.restore('parley.config.json');
      host.restore('ext/acme.js');
    }
  });
});
