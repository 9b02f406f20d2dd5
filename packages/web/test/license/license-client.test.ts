import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import { createLicenseApi } from '../../src/state/license/license-api';
import { createLicenseClient, type LicenseProblem } from '../../src/state/license/license-client';
import { LicenseClientError } from '../../src/state/license/license-errors';
import {
  LICENSE_PUBLIC_KEY_KEY,
  LICENSE_TOKEN_KEY,
  licenseLocalData,
} from '../../src/features/license/license-local-data';
import { createFakeLicenseServer, type FakeLicenseServer } from './testing/fake-license-server';

const KEY = 'PARLEY-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HJK2';
const OPENAI_KEY = 'sk-proj-' + 'abcDEF123_-x'.repeat(5);

async function setup(options: { deviceId?: string; storage?: Storage; server?: FakeLicenseServer } = {}) {
  const server = options.server ?? (await createFakeLicenseServer());
  const storage = options.storage ?? memoryStorage();
  const fetch = vi.fn(server.fetch);
  const problems: LicenseProblem[] = [];
  const local = licenseLocalData(() => storage);
  const client = createLicenseClient({
    api: createLicenseApi({ baseUrl: () => 'http://license.test', fetch }),
    local: { ...local, deviceId: () => options.deviceId ?? 'device-a' },
    baseState: { kind: 'unlicensed' },
    report: (problem) => problems.push(problem),
  });
  return { server, storage, fetch, client, problems };
}

async function rejection(promise: Promise<unknown>): Promise<LicenseClientError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(LicenseClientError);
  return error as LicenseClientError;
}

describe('license client: activation', { timeout: 20_000 }, () => {
  it('LI8 refuses an OpenAI API key before any request is made', async () => {
    const { client, fetch } = await setup();
    const error = await rejection(client.activate(OPENAI_KEY, 'Chrome on Linux'));
    expect(error.code).toBe('looks_like_openai_key');
    expect(fetch).not.toHaveBeenCalled();
    expect((await rejection(client.activate('   ', 'Chrome on Linux'))).code).toBe('empty_key');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('LS2 stores a verified token and derives the licensed state with its plan', async () => {
    const { client, server, storage } = await setup();
    server.addKey(KEY, 'extended');
    const snapshot = await client.activate(`  ${KEY} `, 'Chrome on Linux');
    expect(snapshot.state).toEqual({ kind: 'licensed', plan: 'extended' });
    expect(snapshot.claims).toMatchObject({ plan: 'extended', keyHint: 'HJK2', deviceId: 'device-a' });
    expect(storage.getItem(LICENSE_TOKEN_KEY)).toContain('.');
    // The public key is cached, so the next start verifies offline.
    expect(JSON.parse(storage.getItem(LICENSE_PUBLIC_KEY_KEY)!)).toMatchObject({ kty: 'RSA' });
    server.setOnline(false);
    expect(await client.load()).toMatchObject({ state: { kind: 'licensed', plan: 'extended' } });
  });

  it('maps the server refusals to their codes: invalid key, device limit with detail, rate limit', async () => {
    const { client, server, storage } = await setup({ deviceId: 'device-b' });
    expect((await rejection(client.activate('PARLEY-NOPE', 'x'))).code).toBe('invalid_key');
    server.addKey(KEY, 'standard', 0);
    const limit = await rejection(client.activate(KEY, 'x'));
    expect(limit.code).toBe('device_limit');
    expect(limit.extra.detail).toBe('Unlink another.');
    const limited = await rejection(client.activate('RATE-LIMITED', 'x'));
    expect(limited).toMatchObject({ code: 'rate_limited', extra: { retryAfterSeconds: 42 } });
    expect(storage.getItem(LICENSE_TOKEN_KEY)).toBeNull();
  });

  it('LS11 sends the trimmed user name, and no userName when it is blank', async () => {
    const server = await createFakeLicenseServer();
    server.addKey(KEY, 'team');
    const a = await setup({ server, deviceId: 'device-a' });
    await a.client.activate(KEY, 'A', '  Ana@Example.com ');
    const b = await setup({ server, deviceId: 'device-b' });
    await b.client.activate(KEY, 'B', '   ');
    const sentBody = (fetch: typeof a.fetch) => {
      const call = fetch.mock.calls.find(([url]) => String(url).endsWith('/activate'));
      return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
    };
    expect(sentBody(a.fetch).userName).toBe('Ana@Example.com');
    expect(Object.keys(sentBody(b.fetch))).toEqual(['key', 'deviceId', 'deviceName']);
    const list = await a.client.listDevices();
    expect(list.license.maxUsers).toBe(10);
    expect(list.devices.map((device) => device.userName)).toEqual(['Ana@Example.com', null]);
  });

  it('LS11 a second user on a one-user key is refused as user_limit; the same user is not', async () => {
    const server = await createFakeLicenseServer();
    server.addKey(KEY, 'team', 5, 1);
    await (await setup({ server, deviceId: 'device-a' })).client.activate(KEY, 'A', 'ana@example.com');
    const ben = await setup({ server, deviceId: 'device-b' });
    const refused = await rejection(ben.client.activate(KEY, 'B', 'ben@example.com'));
    expect(refused).toMatchObject({ code: 'user_limit', message: 'User limit reached for the license key' });
    expect(ben.client.hasToken()).toBe(false);
    const anaAgain = await setup({ server, deviceId: 'device-c' });
    expect((await anaAgain.client.activate(KEY, 'C', ' ANA@example.com')).state).toEqual({
      kind: 'licensed',
      plan: 'team',
    });
  });

  it('reports a network failure as such', async () => {
    const { client, server } = await setup();
    server.addKey(KEY, 'standard');
    server.setOnline(false);
    expect((await rejection(client.activate(KEY, 'x'))).code).toBe('network');
  });
});

describe('license client: the stored token on start', { timeout: 20_000 }, () => {
  it('is Unlicensed without a token', async () => {
    const { client, fetch } = await setup();
    expect(await client.load()).toEqual({ state: { kind: 'unlicensed' } });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('LI11 ignores and reports a tampered token (state Unlicensed) and forgets it', async () => {
    const { client, server, storage, problems } = await setup();
    server.addKey(KEY, 'standard');
    await client.activate(KEY, 'x');
    const [header, payload, signature] = JSON.parse(storage.getItem(LICENSE_TOKEN_KEY)!).split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = btoa(JSON.stringify({ ...claims, plan: 'premium' }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    storage.setItem(LICENSE_TOKEN_KEY, JSON.stringify(`${header}.${forged}.${signature}`));

    const snapshot = await client.load();
    expect(snapshot.state).toEqual({ kind: 'unlicensed' });
    expect(snapshot.claims).toBeUndefined();
    expect(problems).toEqual([expect.objectContaining({ reason: 'signature' })]);
    expect(storage.getItem(LICENSE_TOKEN_KEY)).toBeNull();
  });

  it('LI9 refuses a token signed by another key even after fetching the current key again', async () => {
    const { client, server, storage, problems } = await setup();
    server.addKey(KEY, 'premium');
    await client.activate(KEY, 'x');
    storage.setItem(LICENSE_TOKEN_KEY, JSON.stringify(await server.tokenSignedByAnotherKey(KEY, 'device-a')));
    expect((await client.load()).state).toEqual({ kind: 'unlicensed' });
    expect(problems[0]?.reason).toBe('signature');
  });

  it('a token copied from another device is ignored', async () => {
    const server = await createFakeLicenseServer();
    server.addKey(KEY, 'premium');
    const storage = memoryStorage();
    await (await setup({ server, storage, deviceId: 'device-1' })).client.activate(KEY, 'x');
    const other = await setup({ server, storage, deviceId: 'device-2' });
    expect((await other.client.load()).state).toEqual({ kind: 'unlicensed' });
    expect(other.problems[0]?.reason).toBe('other_device');
  });

  it('after the server rotated its key, fetches the new key once and verifies with it', async () => {
    const { client, server, storage } = await setup();
    server.addKey(KEY, 'standard');
    await client.activate(KEY, 'x');
    await server.rotateKey();
    const fresh = await setup({ server, deviceId: 'device-a' });
    await fresh.client.activate(KEY, 'x'); // a token from the new key
    storage.setItem(LICENSE_TOKEN_KEY, fresh.storage.getItem(LICENSE_TOKEN_KEY)!);
    expect((await client.load()).state).toEqual({ kind: 'licensed', plan: 'standard' });
    expect(JSON.parse(storage.getItem(LICENSE_PUBLIC_KEY_KEY)!).kid).toBe('k2');
  });

  it('offline with no cached public key: Unlicensed for now, but the token is kept', async () => {
    const { client, server, storage, problems } = await setup();
    server.addKey(KEY, 'standard');
    await client.activate(KEY, 'x');
    storage.removeItem(LICENSE_PUBLIC_KEY_KEY);
    server.setOnline(false);
    expect((await client.load()).state).toEqual({ kind: 'unlicensed' });
    expect(problems[0]?.reason).toBe('no_public_key');
    expect(storage.getItem(LICENSE_TOKEN_KEY)).not.toBeNull();
    server.setOnline(true);
    expect((await client.load()).state).toEqual({ kind: 'licensed', plan: 'standard' });
  });
});

describe('license client: devices', { timeout: 20_000 }, () => {
  it('LS5 unlinking another device keeps this license; unlinking this one ends it here', async () => {
    const server = await createFakeLicenseServer();
    server.addKey(KEY, 'extended');
    const a = await setup({ server, deviceId: 'device-a' });
    const b = await setup({ server, deviceId: 'device-b' });
    await a.client.activate(KEY, 'A');
    await b.client.activate(KEY, 'B');
    expect((await a.client.listDevices()).devices.map((device) => device.current)).toEqual([true, false]);

    expect(await a.client.unlinkDevice('device-b')).toEqual({ unlinkedThisDevice: false });
    expect(server.linkedDevices(KEY)).toEqual(['device-a']);
    expect(a.client.hasToken()).toBe(true);

    expect(await a.client.deactivate()).toEqual({ state: { kind: 'unlicensed' } });
    expect(server.linkedDevices(KEY)).toEqual([]);
    expect(a.storage.getItem(LICENSE_TOKEN_KEY)).toBeNull();
  });

  it('LS5 a device unlinked elsewhere learns it from the refused token and forgets it', async () => {
    const server = await createFakeLicenseServer();
    server.addKey(KEY, 'extended');
    const a = await setup({ server, deviceId: 'device-a' });
    const b = await setup({ server, deviceId: 'device-b' });
    await a.client.activate(KEY, 'A');
    await b.client.activate(KEY, 'B');
    await a.client.unlinkDevice('device-b');
    expect((await rejection(b.client.listDevices())).code).toBe('token_refused');
    expect(b.client.hasToken()).toBe(false);
  });

  it('device calls without a token fail without a request', async () => {
    const { client, fetch } = await setup();
    expect((await rejection(client.listDevices())).code).toBe('not_activated');
    expect(fetch).not.toHaveBeenCalled();
  });
});
