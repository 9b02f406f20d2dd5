import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import { ARTIFACTS_DIR, REPO_ROOT } from '../support/env';

const run = promisify(execFile);

/**
 * The e2e server's DATA_DIR. playwright.config.ts picks a fresh run-* folder per run, and workers
 * cannot see which: the folder whose license signing key is the key the server serves is it. A
 * server reused from elsewhere (not in CI) may keep its data anywhere: local server processes'
 * DATA_DIR are candidates too.
 */
export async function serverDataDir(request: APIRequestContext): Promise<string> {
  const fromEnv = process.env.PARLEY_E2E_DATA_DIR;
  if (fromEnv) return fromEnv;
  const served = (await (await request.get('/api/license/public-key')).json()) as { n: string };
  const root = path.join(ARTIFACTS_DIR, 'data');
  const runs = existsSync(root)
    ? readdirSync(root)
        .map((name) => path.join(root, name))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  for (const dir of [...runs, ...localServerDataDirs()]) {
    const keyFile = path.join(dir, 'license-signing-key.json');
    if (!existsSync(keyFile)) continue;
    if ((JSON.parse(readFileSync(keyFile, 'utf8')) as { n?: string }).n === served.n) return dir;
  }
  throw new Error(`No data folder holds the license signing key of the server at the e2e port.`);
}

/** DATA_DIR of Parley servers running on this machine (Linux /proc; empty elsewhere). */
function localServerDataDirs(): string[] {
  if (!existsSync('/proc')) return [];
  const dirs: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('packages/server/src/main.ts')) continue;
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const dataDir =
        env.find((entry) => entry.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length) ?? './data';
      dirs.push(path.resolve(readlinkSync(`/proc/${pid}/cwd`), dataDir));
    } catch {
      // The process ended, or is not ours to read.
    }
  }
  return dirs;
}

/**
 * Creates a license key the way an administrator does: the license CLI as a child process, on the
 * e2e server's database (SQLite takes a second process).
 */
export async function createLicenseKey(
  request: APIRequestContext,
  options: { plan: 'standard' | 'extended' | 'premium' | 'team'; devices?: number; users?: number },
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
  if (options.users !== undefined) args.push('--users', String(options.users));
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
