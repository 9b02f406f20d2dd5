import { parseArgs } from 'node:util';
import { licensePlans, licensePlanSchema, planDetails } from '@parley/core/license';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase, type OpenDatabase } from '../db';
import { LicenseAdmin, type LicenseSummary } from '../license/license-admin';
import { LicenseError } from '../license/license-errors';

// `npm run license -- <command>`: issue, list and revoke license keys on the server's database
// (same DATA_DIR / DATABASE_URL as the server). Exit codes: 0 done, 1 failed, 2 usage error.
const usage = `Usage: npm run license -- <command>

Commands:
  create --plan <${licensePlans.join('|')}> [--devices N] [--users N]
                         Create a license key (default ${planDetails.standard.defaultMaxDevices} devices; team: ${planDetails.team.defaultMaxUsers} users on ${planDetails.team.defaultMaxDevices} devices)
  list [--json]          List license keys with their linked devices
  revoke <keyHint|id>    Revoke a license key; its devices stop working`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help' || command === '-h') {
    console.log(usage);
    return command ? 0 : 2;
  }
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const database = openDatabase(config);
  try {
    await migrateToLatest(database);
    const admin = new LicenseAdmin({ database });
    if (command === 'create') return await create(admin, rest);
    if (command === 'list') return await list(admin, rest);
    if (command === 'revoke') return await revoke(admin, rest);
    throw new UsageError(`Unknown command "${command}".`);
  } finally {
    await closeQuietly(database);
  }
}

async function create(admin: LicenseAdmin, args: string[]): Promise<number> {
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
  console.log(`Created a ${planDetails[license.plan].label} license: ${seats(license)}.`);
  console.log(`License id: ${license.id}`);
  console.log(`License key: ${key}`);
  console.log('Keep the key now: only its hash is stored, so it cannot be shown again.');
  return 0;
}

async function list(admin: LicenseAdmin, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } } });
  const licenses = await admin.listLicenses();
  if (values.json) {
    console.log(JSON.stringify(licenses, null, 2));
    return 0;
  }
  if (licenses.length === 0) {
    console.log('No license keys yet. Create one with: npm run license -- create --plan standard');
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
    console.log(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    );
  return 0;
}

async function revoke(admin: LicenseAdmin, args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const [reference] = positionals;
  if (!reference || positionals.length > 1) throw new UsageError('revoke takes one key hint or license id.');
  const license = await admin.revokeLicense(reference);
  console.log(`Revoked license ${license.id} (key ...${license.keyHint}, ${license.plan}).`);
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

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else if (error instanceof LicenseError || error instanceof ConfigError) {
      console.error(error.message);
      process.exitCode = 1;
    } else if (
      error instanceof TypeError &&
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      console.error(`${error.message}\n\n${usage}`);
      process.exitCode = 2;
    } else {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 1;
    }
  },
);
