import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

/**
 * Bundles storage-bench-page.ts (the app's storage code plus the benchmark's seeding and timing) into
 * one script the benchmark injects into the app's origin. esbuild comes with tsx.
 */
const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'storage-bench-page.ts');

export async function bundleStorageBenchScript(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no output for the storage bench script');
  return output.text;
}

/**
 * Opens a page of the app's origin that runs no app code (the health endpoint) and runs the bench
 * script in it. The script is evaluated through the DevTools protocol rather than added as a script
 * tag: the server's Content-Security-Policy (default-src 'none' on API answers) blocks inline tags.
 */
export async function openStorageBenchPage(page: Page, serverUrl: string, script: string): Promise<void> {
  await page.goto(`${serverUrl}/api/health`);
  await page.evaluate(script);
}
