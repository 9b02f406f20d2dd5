import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

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
