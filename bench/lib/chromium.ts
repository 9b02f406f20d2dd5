import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium with the flags our machines need; Playwright never downloads a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** Runs `work` in a Chromium persistent context on `profile` (a fresh or reused user-data dir), then closes it. */
export async function withProfile<T>(
  profile: string,
  work: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    // BENCH_SW=block measures a profile without the service worker (decision 0090), to tell its
    // share of a cold start from the app's own.
    serviceWorkers: process.env.BENCH_SW === 'block' ? 'block' : 'allow',
  });
  try {
    return await work(context);
  } finally {
    await context.close();
  }
}
