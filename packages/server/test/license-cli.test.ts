import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalLicenseKey, hashLicenseKey } from '../src/license/license-key';
import { runLicenseCommand } from '../src/cli/license-command';
import { forEachDatabase, type DatabaseUnderTest } from './db-harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cliPath = path.join(repoRoot, 'packages/server/src/cli/license-cli.ts');

/** The environment `npm run license` would see for the test's database. */
function cliEnv(t: Pick<DatabaseUnderTest, 'config'>): NodeJS.ProcessEnv {
  const config = t.config();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: config.dataDir };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  return env;
}

/** Runs a license command in this process (the command is the CLI less its process entry). */
async function runCli(t: Pick<DatabaseUnderTest, 'config'>, args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runLicenseCommand(args, cliEnv(t), repoRoot, {
    log: (line) => stdout.push(`${line}\n`),
    error: (line) => stderr.push(`${line}\n`),
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

/** Runs the CLI as `npm run license` does: its own Node process (a second or so each). */
function spawnCli(t: Pick<DatabaseUnderTest, 'config'>, args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', cliPath, ...args], {
    cwd: repoRoot,
    env: cliEnv(t),
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const keyIn = (text: string) => /License key: (PARLEY(?:-[A-Z2-7]{4}){8})/.exec(text)?.[1];

// One test starts Node processes (the real entry); the ceiling is generous for a loaded machine.
describe('license CLI', { timeout: 60_000 }, () => {
  forEachDatabase((t) => {
    it('LS1 create prints a new key once and stores only its hash', async () => {
      const result = await runCli(t, ['create', '--plan', 'standard']);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      const key = keyIn(result.stdout);
      expect(key).toBeDefined();
      expect(result.stdout).toContain('Created a Standard license: 1 user on 5 devices.');

      const rows = await t.database().db.selectFrom('licenses').selectAll().execute();
      expect(rows).toHaveLength(1);
      const canonical = canonicalLicenseKey(key!)!;
      expect(rows[0]).toMatchObject({
        key_hash: hashLicenseKey(canonical),
        key_hint: canonical.slice(-4),
        plan: 'standard',
        max_devices: 5,
        max_users: 1,
        revoked_at: null,
      });
      expect(JSON.stringify(rows)).not.toContain(canonical.slice(6, 20));
    });

    it('LS1 create honours team defaults and --devices / --users', async () => {
      expect((await runCli(t, ['create', '--plan', 'team'])).stdout).toContain('10 users on 50 devices');
      expect((await runCli(t, ['create', '--plan', 'premium', '--devices', '3', '--users', '2'])).code).toBe(
        0,
      );
      const rows = await t
        .database()
        .db.selectFrom('licenses')
        .select(['plan', 'max_devices', 'max_users'])
        .execute();
      expect(rows).toEqual(
        expect.arrayContaining([
          { plan: 'team', max_devices: 50, max_users: 10 },
          { plan: 'premium', max_devices: 3, max_users: 2 },
        ]),
      );
    });

    it('list shows keys by hint; revoke by hint marks the key revoked', async () => {
      const key = keyIn((await runCli(t, ['create', '--plan', 'extended'])).stdout)!;
      const hint = key.slice(-4);
      const listed = await runCli(t, ['list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`\\.\\.\\.${hint}\\s+extended\\s+0/5\\s+1\\s+\\S+\\s+active`));

      const revoked = await runCli(t, ['revoke', hint.toLowerCase()]);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain(`key ...${hint}`);
      const json = JSON.parse((await runCli(t, ['list', '--json'])).stdout) as {
        keyHint: string;
        revokedAt: unknown;
      }[];
      expect(json).toEqual([expect.objectContaining({ keyHint: hint, revokedAt: expect.any(Number) })]);
    });
  });

  // Argument handling does not depend on the database kind: run once, on SQLite; the last case as
  // its own process (the entry's exit code and standard error are what a shell script sees).
  it('rejects bad input with a usage error and exit code 2, unknown licenses with 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-cli-'));
    const sqlite = { config: () => ({ dataDir }) };
    const badPlan = await runCli(sqlite, ['create', '--plan', 'gold']);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toContain('--plan must be one of: standard, extended, premium, team.');
    expect((await runCli(sqlite, ['create', '--plan', 'standard', '--devices', '0'])).code).toBe(2);
    expect((await runCli(sqlite, ['create', '--plan'])).code).toBe(2);
    const missing = spawnCli(sqlite, ['revoke', 'ZZZZ']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No license with id or key hint "ZZZZ".');
  });
});
