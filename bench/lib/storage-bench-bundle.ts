import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

/**
 * Bundles a page script of bench/lib (the app's code plus a benchmark's seeding and timing) into one
 * script the benchmark injects into the app's origin. esbuild comes with tsx.
 */
export async function bundleBenchPageScript(file: string): Promise<string> {
  const result = await build({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), file)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced no output for ${file}`);
  return output.text;
}

/** storage-bench-page.ts: the storage bench's seeding and timing through the app's storage code. */
export const bundleStorageBenchScript = (): Promise<string> => bundleBenchPageScript('storage-bench-page.ts');

/**
 * Opens a page of the app's origin that runs no app code (the health endpoint) and runs the bench
 * script in it. The script is evaluated through the DevTools protocol rather than added as a script
 * tag: the server's Content-Security-Policy (default-src 'none' on API answers) blocks inline tags.
 */
export async function openStorageBenchPage(page: Page, serverUrl: string, script: string): Promise<void> {
  await page.goto(`${serverUrl}/api/health`);
  await page.evaluate(script);
}
