import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { E2E_DIR } from '../support/env';

/**
 * A test hook that is not in the app build: the app's own storage code (openLocalStore over
 * IndexedDB), bundled from source with esbuild and injected into the app's page. Tests drive store
 * writes through it, e.g. a burst cut short by closing the page.
 */
let bundled: Promise<string> | undefined;

function bundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [path.join(E2E_DIR, 'pages/data-store-hook-entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundled;
}

/**
 * Evaluated, not added as a script tag: the app's CSP refuses inline scripts, and the hook is a
 * test's own code, not the app's.
 */
export async function injectStoreHook(page: Page) {
  await page.evaluate(await bundle());
}

/**
 * Starts a burst of `count` chat saves through the store; each acknowledged save (its promise
 * resolved) is reported to `onAck` with the chat id. Returns at once: the burst runs in the page.
 */
export async function startWriteBurst(page: Page, count: number, onAck: (id: string) => void) {
  await page.exposeFunction('__parleyAck', onAck);
  await page.evaluate((n) => {
    void (window as unknown as { __parleyBurst: (n: number) => Promise<void> }).__parleyBurst(n);
  }, count);
}
