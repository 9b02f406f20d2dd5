import { parseArgs } from 'node:util';
import { licensePlans, licensePlanSchema, planDetails } from '@parley/core/license';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db';
import { LicenseAdmin, type LicenseSummary } from '../license/license-admin';
import { LicenseError } from '../license/license-errors';

// `npm run license -- <command>`: issue, list and revoke license keys on the server's database
// (same DATA_DIR / DATABASE_URL as the server). Exit codes: 0 done, 1 failed, 2 usage error.
// The command reads its environment and writes its output through what it is given, so tests run
// it in-process; `license-cli.ts` is the process entry that passes the real ones.
const usage = `Usage: npm run license -- <command>

Commands:
  create --plan <${licensePlans.join('|')}> [--devices N] [--users N]
                         Create a license key (default ${planDetails.standard.defaultMaxDevices} devices; team: ${planDetails.team.defaultMaxUsers} users on ${planDetails.team.defaultMaxDevices} devices)
  list [--json]          List license keys with their linked devices
  revoke <keyHint|id>    Revoke a license key; its devices stop working`;

class UsageError extends Error {}

/** Where the command writes: standard output and standard error, one line per call. */
export type CliOutput = { log: (line: string) => void; error: (line: string) => void };

/** Runs one license command; resolves to the process exit code and never throws. */
export async function runLicenseCommand(
  argv: string[],
  env: NodeJS.ProcessEnv,
  cwd: string,
  out: CliOutput,
): Promise<number> {
  try {
    return await main(argv, env, cwd, out);
  } catch (error) {
    return reportFailure(error, out);
  }
}

async function main(argv: string[], env: NodeJS.ProcessEnv, cwd: string, out: CliOutput): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    out.log(usage);
    return command ? 0 : 2;
  }
  const config = loadConfig(env, env.INIT_CWD ?? cwd);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const admin = new LicenseAdmin({ database });
    if (command === 'create') return await create(admin, rest, out);
    if (command === 'list') return await list(admin, rest, out);
    if (command === 'revoke') return await revoke(admin, rest, out);
    throw new UsageError(`Unknown command "${command}".`);
  } finally {
    await closeQuietly(database);
  }
}

async function create(admin: LicenseAdmin, args: string[], out: CliOutput): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { plan: { type: 'string' }, devices: { type: 'string' }, users: { type: 'string' } },
  });
  const plan = licensePlanSchema.safeParse(values.plan);
  if (!plan.success) throw new UsageError(`--plan must be one of: ${licensePlans.join(', ')}.`);
  const { key, license } = await admin.createLicense({
    plan: plan.data,
    ...(values.devices === undefined ? {} : { maxDevices: positiveInteger('--devices', values.devices) }),
    ...(values.users === undefined ? {} : { maxUsers: positiveInteger('--users', values.users) }),
  });
  out.log(`Created a ${planDetails[license.plan].label} license: ${seats(license)}.`);
  out.log(`License id: ${license.id}`);
  out.log(`License key: ${key}`);
  out.log('Keep the key now: only its hash is stored, so it cannot be shown again.');
  return 0;
}

async function list(admin: LicenseAdmin, args: string[], out: CliOutput): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
  const licenses = await admin.listLicenses();
  if (values.json) {
    out.log(JSON.stringify(licenses, null, 2));
    return 0;
  }
  if (licenses.length === 0) {
    out.log('No license keys yet. Create one with: npm run license -- create --plan standard');
    return 0;
  }
  const rows = [
    ['ID', 'HINT', 'PLAN', 'DEVICES', 'USERS', 'CREATED', 'STATUS'],
    ...licenses.map((license: LicenseSummary) => [
      license.id,
      `...${license.keyHint}`,
      license.plan,
      `${license.linkedDevices}/${license.maxDevices}`,
      String(license.maxUsers),
      new Date(license.createdAt).toISOString().slice(0, 10),
      license.revokedAt === null
        ? 'active'
        : `revoked ${new Date(license.revokedAt).toISOString().slice(0, 10)}`,
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows)
    out.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

async function revoke(admin: LicenseAdmin, args: string[], out: CliOutput): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [reference] = positionals;
  if (!reference || positionals.length > 1) throw new UsageError('revoke takes one key hint or license id.');
  const license = await admin.revokeLicense(reference);
  out.log(`Revoked license ${license.id} (key ...${license.keyHint}, ${license.plan}).`);
  return 0;
}

function seats(license: { maxDevices: number; maxUsers: number }) {
  const users = license.maxUsers === 1 ? '1 user' : `${license.maxUsers} users`;
  return `${users} on ${license.maxDevices} devices`;
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new UsageError(`${flag} must be a positive whole number.`);
  }
  return value;
}

async function closeQuietly(database: OpenDatabase) {
  await database.close().catch(() => undefined);
}

function reportFailure(error: unknown, out: CliOutput): number {
  if (error instanceof UsageError) {
    out.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  if (error instanceof LicenseError || error instanceof ConfigError) {
    out.error(error.message);
    return 1;
  }
  if (error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    out.error(`${error.message}\n\n${usage}`);
    return 2;
  }
  out.error(error instanceof Error ? error.message : String(error));
  return 1;
}
