import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalLicenseKey, hashLicenseKey } from '../src/license/license-key';
import { forEachDatabase, type DatabaseUnderTest } from './db-harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cliPath = path.join(repoRoot, 'packages/server/src/cli/license-cli.ts');

/** Runs the license CLI as `npm run license` would, against the test's database. */
function runCli(t: Pick<DatabaseUnderTest, 'config'>, args: string[]) {
  const config = t.config();
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: config.dataDir };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  if (config.databaseUrl) env.DATABASE_URL = config.databaseUrl;
  const result = spawnSync(process.execPath, ['--import', 'tsx', cliPath, ...args], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const keyIn = (text: string) => /License key: (PARLEY(?:-[A-Z2-7]{4}){8})/.exec(text)?.[1];

// Each test starts a few Node processes; the ceiling is generous for a loaded machine.
describe('license CLI', { timeout: 60_000 }, () => {
  forEachDatabase((t) => {
    it('LS1 create prints a new key once and stores only its hash', async () => {
      const result = runCli(t, ['create', '--plan', 'standard']);
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
      expect(runCli(t, ['create', '--plan', 'team']).stdout).toContain('10 users on 50 devices');
      expect(runCli(t, ['create', '--plan', 'premium', '--devices', '3', '--users', '2']).code).toBe(0);
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
      const key = keyIn(runCli(t, ['create', '--plan', 'extended']).stdout)!;
      const hint = key.slice(-4);
      const listed = runCli(t, ['list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`\\.\\.\\.${hint}\\s+extended\\s+0/5\\s+1\\s+\\S+\\s+active`));

      const revoked = runCli(t, ['revoke', hint.toLowerCase()]);
      expect(revoked.code).toBe(0);
      expect(revoked.stdout).toContain(`key ...${hint}`);
      const json = JSON.parse(runCli(t, ['list', '--json']).stdout) as {
        keyHint: string;
        revokedAt: unknown;
      }[];
      expect(json).toEqual([expect.objectContaining({ keyHint: hint, revokedAt: expect.any(Number) })]);
    });
  });

  // Argument handling does not depend on the database kind: run once, on SQLite.
  it('rejects bad input with a usage error and exit code 2, unknown licenses with 1', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-cli-'));
    const sqlite = { config: () => ({ dataDir }) };
    const badPlan = runCli(sqlite, ['create', '--plan', 'gold']);
    expect(badPlan.code).toBe(2);
    expect(badPlan.stderr).toContain('--plan must be one of: standard, extended, premium, team.');
    expect(runCli(sqlite, ['create', '--plan', 'standard', '--devices', '0']).code).toBe(2);
    const missing = runCli(sqlite, ['revoke', 'ZZZZ']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No license with id or key hint "ZZZZ".');
  });
});
