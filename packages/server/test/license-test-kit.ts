import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app';
import type { OpenDatabase } from '../src/db';
import { LicenseAdmin } from '../src/license/license-admin';
import { LicenseService } from '../src/license/license-service';
import { loadLicenseSigningKey, type LicenseSigningKey } from '../src/license/signing-key';

let sharedKey: Promise<LicenseSigningKey> | undefined;

/** One RSA key per test file: generating keys is the slow part, and tests never change it. */
export function testSigningKey(): Promise<LicenseSigningKey> {
  sharedKey ??= loadLicenseSigningKey({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'parley-key-')) });
  return sharedKey;
}

export type LicenseTestApp = Awaited<ReturnType<typeof licenseTestApp>>;

/** createApp wired with the license service on the test's database, with a fake clock. */
export async function licenseTestApp(
  database: OpenDatabase,
  options: { activationsPerMinute?: number } = {},
) {
  const clock = { now: 1_800_000_000_000 };
  const now = () => clock.now;
  const signingKey = await testSigningKey();
  const admin = new LicenseAdmin({ database, clock: now });
  const service = new LicenseService({ database, signingKey, clock: now });
  const app = createApp({
    version: 'test',
    db: database,
    license: service,
    clock: now,
    licenseActivationsPerMinute: options.activationsPerMinute,
  });

  /** JSON request; `from` sets the client address the rate limiter sees. */
  async function call(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; rawBody?: string; token?: string; from?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const env = { incoming: { socket: { remoteAddress: options.from ?? '203.0.113.1' } } };
    const res = await app.request(url, { method, headers, body }, env);
    return { status: res.status, headers: res.headers, json: (await res.json()) as Record<string, unknown> };
  }

  async function activate(key: string, deviceId: string, deviceName = `Device ${deviceId}`, from?: string) {
    return call('POST', '/api/license/activate', { body: { key, deviceId, deviceName }, from });
  }

  async function activatedToken(key: string, deviceId: string) {
    const res = await activate(key, deviceId);
    if (res.status !== 200) throw new Error(`activation failed: ${JSON.stringify(res.json)}`);
    return res.json.token as string;
  }

  return { app, admin, service, signingKey, clock, call, activate, activatedToken };
}
