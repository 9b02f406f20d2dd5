import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { ARTIFACTS_DIR, REPO_ROOT } from '../support/env';

const run = promisify(execFile);

/**
 * The e2e server's DATA_DIR. playwright.config.ts picks a fresh run-* folder per run, and workers
 * cannot see which: the one whose license signing key is the key the server serves is it.
 */
export async function serverDataDir(request: APIRequestContext): Promise<string> {
  const fromEnv = process.env.PARLEY_E2E_DATA_DIR;
  if (fromEnv) return fromEnv;
  const served = (await (await request.get('/api/license/public-key')).json()) as { n: string };
  const root = path.join(ARTIFACTS_DIR, 'data');
  const candidates = readdirSync(root)
    .map((name) => path.join(root, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const dir of candidates) {
    const keyFile = path.join(dir, 'license-signing-key.json');
    if (!existsSync(keyFile)) continue;
    if ((JSON.parse(readFileSync(keyFile, 'utf8')) as { n?: string }).n === served.n) return dir;
  }
  throw new Error(`No data folder under ${root} holds the e2e server's license signing key.`);
}

/**
 * Creates a license key the way an administrator does: the license CLI as a child process, on the
 * e2e server's database (SQLite takes a second process).
 */
export async function createLicenseKey(
  request: APIRequestContext,
  options: { plan: 'standard' | 'extended' | 'premium' | 'team'; devices?: number },
): Promise<string> {
  const dataDir = await serverDataDir(request);
  const args = [
    '--import',
    'tsx',
    'packages/server/src/cli/license-cli.ts',
    'create',
    '--plan',
    options.plan,
  ];
  if (options.devices !== undefined) args.push('--devices', String(options.devices));
  // The e2e server runs on SQLite in DATA_DIR, whatever DATABASE_URL the shell may have.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const { stdout } = await run(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...env, DATA_DIR: dataDir },
  });
  const key = /License key: (PARLEY-[A-Z0-9-]+)/.exec(stdout)?.[1];
  if (!key) throw new Error(`The license CLI printed no key:\n${stdout}`);
  return key;
}
