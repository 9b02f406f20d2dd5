import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { randomUUID } from 'node:crypto';
import { rememberCleanMessages } from '@parley/core/entities';
import { createApp } from './app';
import { BackupScheduler } from './sync/backup-scheduler';
import { BackupService } from './sync/backup-service';
import { SyncEventHub } from './sync/sync-events';
import { PostgresChangeRelay } from './cluster/change-relay';
import { jobLease } from './cluster/lease';
import { defaultSyncSettings } from './sync/sync-settings';
import { ConfigError, loadConfig } from './config';
import { MigrationError, migrateToLatest, openDatabase } from './db';
import { batchedWriter, jsonLogger } from './http/logger';
import { LicenseService } from './license/license-service';
import { loadLicenseSigningKey, SigningKeyError } from './license/signing-key';

// The only module with side effects: read config, open storage, listen, stop cleanly.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
/** CL4: a backup pass holds its lease this long past each account it starts (one account's backup takes far less). */
const BACKUP_LEASE_MS = 5 * 60 * 1000;

let config;
try {
  config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Every chat this server parses comes off the wire as JSON and is never handed back to a parse:
// remembering its messages as parsed would only cost CPU and garbage collection (decision 0151).
rememberCleanMessages(false);

mkdirSync(config.dataDir, { recursive: true });
const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;
// One write of the turn's log lines, not one per line (issue #32); whatever waits is written on exit.
const stdoutLines = batchedWriter((text) => process.stdout.write(text));
process.on('exit', stdoutLines.flush);
const log = config.logLevel === 'silent' ? () => {} : jsonLogger(stdoutLines.write);

const database = openDatabase(config, {
  backgroundCheckpoints: true,
  onCheckpointError: (message) => log({ level: 'error', msg: 'wal checkpoint failed', error: message }),
});
let license;
try {
  await migrateToLatest(database);
  const signingKey = await loadLicenseSigningKey({
    dataDir: config.dataDir,
    privateJwkJson: process.env.LICENSE_PRIVATE_KEY_JWK,
  });
  license = new LicenseService({ database, signingKey });
} catch (error) {
  await database.close();
  if (error instanceof MigrationError || error instanceof SigningKeyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// CL4: this process's name in leases; random per start, so a restarted process is a new holder.
const processId = randomUUID();

// SY17: the open change notification streams, ended first on stop so the server can close.
const syncEvents = new SyncEventHub({ ...defaultSyncSettings.events, ...config.sync.events });
// CL1: on PostgreSQL other server processes may accept a change: they tell this one, and it them.
const changeRelay = config.databaseUrl
  ? new PostgresChangeRelay({
      connectionString: config.databaseUrl,
      db: database.db,
      hub: syncEvents,
      processId,
      onError: (message) => log({ level: 'error', msg: message }),
    })
  : undefined;
try {
  await changeRelay?.start();
} catch (error) {
  console.error(`Could not listen for changes on the database: ${String(error)}`);
  await database.close();
  process.exit(1);
}
const app = createApp({
  syncEvents,
  version,
  webDist: config.webDist ?? path.join(repoRoot, 'packages/web/dist'),
  hostConfigFile: config.hostConfigFile,
  log,
  db: database,
  license,
  sync: config.sync,
  corsOrigins: config.corsOrigins,
  trustedProxies: config.trustedProxies,
  tokens: config.tokens,
  adminEmails: config.adminEmails,
  signup: config.signup,
  sso: config.sso,
  scim: config.scim,
  hosted: config.hosted,
  cspReportFile: path.join(config.dataDir, 'csp-violations.log'),
  licenseActivationsPerMinute: config.licenseActivationsPerMinute,
});

// SY12: scheduled point-in-time backups of every account whose data changed.
const backupScheduler = new BackupScheduler(
  new BackupService(database.db, Date.now),
  {
    intervalHours: config.sync.disabled ? 0 : config.sync.backupIntervalHours,
    retention: config.sync.backupRetention,
  },
  () => randomUUID(),
  (message) => log({ level: 'error', msg: message }),
  // CL4: one process runs each pass (a lease renewed before each account's backup).
  jobLease(database.db, 'scheduled-backups', processId, BACKUP_LEASE_MS),
);
backupScheduler.start();

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const shownHost = info.address.includes(':') ? `[${info.address}]` : info.address;
  console.log(`\nParley is running at http://${shownHost}:${info.port}/  (data in ${config.dataDir})\n`);
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received, stopping Parley...`);
  backupScheduler.stop();
  void changeRelay?.stop();
  syncEvents.closeAll();
  server.close(() => {
    database.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
