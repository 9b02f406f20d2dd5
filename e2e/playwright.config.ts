import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  APP_PORT,
  APP_URL,
  ARTIFACTS_DIR,
  MCP_PORT,
  MCP_URL,
  OIDC_PORT,
  OIDC_URL,
  REPO_ROOT,
  SIM_PORT,
} from './support/env';

/**
 * User stories against the built web app served by the real server, in Debian's Chromium.
 * Build first: `npm run build -w @parley/web && npx playwright test -c e2e/playwright.config.ts`.
 */
// A fresh data directory per run (the server creates it); workers re-read this file but start no server.
const dataRoot = path.join(ARTIFACTS_DIR, 'data');
const dataDir = path.join(dataRoot, `run-${Date.now().toString(36)}-${process.pid}`);
// The teardown reads the server's CSP violation log there (support/csp-violations.ts).
process.env.PARLEY_E2E_DATA_DIR ??= dataDir;
if (!process.env.TEST_WORKER_INDEX) pruneDataDirsOlderThan(24 * 60 * 60 * 1000);

function pruneDataDirsOlderThan(ageMs: number) {
  if (!existsSync(dataRoot)) return;
  for (const name of readdirSync(dataRoot)) {
    const dir = path.join(dataRoot, name);
    if (Date.now() - statSync(dir).mtimeMs > ageMs) rmSync(dir, { recursive: true, force: true });
  }
}

const simMain = path.join(REPO_ROOT, 'packages/provider-sim/src/main.ts');

/**
 * Chromium features turned off: the ones Playwright turns off (repeated here, so they stay off
 * whichever of the two `--disable-features` switches Chromium reads) and the omnibox popups. Every context opens a browser
 * window whose omnibox popup and AI-mode popup are WebUI pages with a renderer of their own; in
 * headless runs they cost a quarter of the suite's CPU and nobody sees them (decision 0065).
 */
const DISABLED_CHROMIUM_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'ThirdPartyStoragePartitioning',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/** Where the run writes its timings (from the current directory); scripts/test-report.ts reads them. */
const timingsFile = process.env.PARLEY_E2E_TIMINGS && path.resolve(process.env.PARLEY_E2E_TIMINGS);

export default defineConfig({
  testDir: './tests',
  // Fails the run when the app broke its own Content-Security-Policy in any story.
  globalTeardown: './support/csp-violations.ts',
  outputDir: path.join(REPO_ROOT, 'test-results'),
  fullyParallel: true,
  workers: 2,
  // One retry in CI only: a story that fails twice fails the run, and one that passes on its retry
  // is printed as "flaky" to be fixed (decision 0015). Locally a failure is always a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: timingsFile ? [['list'], ['json', { outputFile: timingsFile }]] : 'list',
  timeout: 30_000,
  // What a story waits for shows within a second on a quiet machine; CI's machine has been up to
  // twice as slow, and a busy one more, so CI waits longer before it calls a step failed (a step
  // that never happens still fails, only later).
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  use: {
    baseURL: APP_URL,
    // A trace records a screencast of every story (about 40% of the suite's time): it is kept for
    // the retry of a failed story, which CI runs once (decision 0065).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    // The app's service worker answers from its cache, past page.route and the network a story
    // sets up: only the stories about offline use and updates let it run (decision 0090).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--disable-features=${DISABLED_CHROMIUM_FEATURES.join(',')}`,
      ],
    },
  },
  webServer: [
    // The identity provider of the single sign-on story (oidc-provider, its own keys and login page).
    {
      command: 'node --import tsx e2e/support/oidc-test-server.ts',
      cwd: REPO_ROOT,
      url: `${OIDC_URL}/.well-known/openid-configuration`,
      env: { PORT: String(OIDC_PORT), E2E_APP_PORT: String(APP_PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      command: 'node --import tsx packages/server/src/main.ts',
      cwd: REPO_ROOT,
      url: `${APP_URL}/api/health`,
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        // Every story's browser comes from 127.0.0.1: the per-address limits are for the internet.
        LICENSE_ACTIVATIONS_PER_MINUTE: '1000',
        AUTH_ATTEMPTS_PER_MINUTE: '1000',
        SHARE_READS_PER_MINUTE: '1000',
        // The admin of the Teams story (admin-shared-agent.spec.ts).
        ADMIN_EMAILS: 'team-admin@example.com',
        // The organisation's models (hosted-models.spec.ts): a test-only key sealing the provider keys.
        PARLEY_SECRET_KEY: 'cGFybGV5LWUyZS1zZWNyZXQta2V5LTMyLWJ5dGVzISE=',
        HOSTED_ORGANISATION_NAME: 'Acme',
        // Single sign-on through the test identity provider above (the SSO story).
        OIDC_ISSUER: OIDC_URL,
        OIDC_CLIENT_ID: 'parley-e2e',
        OIDC_CLIENT_SECRET: 'parley-e2e-client-secret-0123456789',
        OIDC_DISPLAY_NAME: 'Test IdP',
      },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    // The provider simulator is optional until its package has an entry point.
    ...(existsSync(simMain)
      ? [
          {
            command: 'node --import tsx packages/provider-sim/src/main.ts',
            cwd: REPO_ROOT,
            port: SIM_PORT,
            env: { PORT: String(SIM_PORT), HOST: '127.0.0.1' },
            reuseExistingServer: !process.env.CI,
            timeout: 30_000,
          },
        ]
      : []),
    // MCP servers on the official SDK's server side (Streamable HTTP, HTTP+SSE, bearer token).
    {
      command: 'node --import tsx e2e/support/mcp-test-server.ts',
      cwd: REPO_ROOT,
      url: `${MCP_URL}/health`,
      env: { PORT: String(MCP_PORT) },
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
  ],
});
