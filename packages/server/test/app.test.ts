import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { loadConfig, ConfigError } from '../src/config';

function webDistFixture() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Parley</title>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

describe('createApp', () => {
  it('answers /api/health with ok and version', async () => {
    const res = await createApp({ version: '1.2.3' }).request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, version: '1.2.3' });
  });

  it('answers unknown API routes with a JSON error', async () => {
    const res = await createApp({ version: '1' }).request('/api/nope');
    expect(res.status).toBe(404);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('not_found:route');
  });

  it('serves hashed assets immutable, index.html uncached, and falls back to index.html', async () => {
    const app = createApp({ version: '1', webDist: webDistFixture() });
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');

    const index = await app.request('/');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(await index.text()).toContain('<title>Parley</title>');

    const deep = await app.request('/chat/ch-123');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<title>Parley</title>');

    const missingAsset = await app.request('/assets/missing.js');
    expect(missingAsset.status).toBe(404);
  });

  it('never serves files outside the web directory', async () => {
    const app = createApp({ version: '1', webDist: webDistFixture() });
    const res = await app.request('/..%2F..%2Fetc%2Fpasswd');
    expect(await res.text()).not.toContain('root:');
  });
});

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({}, '/srv');
    expect(config).toMatchObject({ port: 8787, host: '127.0.0.1', dataDir: '/srv/data' });
  });

  it('reads the per-address limits of sign-ins and license activations', () => {
    const config = loadConfig(
      { AUTH_ATTEMPTS_PER_MINUTE: '50', LICENSE_ACTIVATIONS_PER_MINUTE: '60' },
      '/srv',
    );
    expect(config.sync.authAttemptsPerMinute).toBe(50);
    expect(config.licenseActivationsPerMinute).toBe(60);
    expect(loadConfig({}, '/srv').licenseActivationsPerMinute).toBe(10);
    expect(() => loadConfig({ LICENSE_ACTIVATIONS_PER_MINUTE: '0' }, '/srv')).toThrow(/LICENSE_ACTIVATIONS/);
  });

  it('SL12 SL13 reads the limits of anonymous share reads (60 a minute per address, 16 MiB a second in all)', () => {
    const config = loadConfig({ SHARE_READS_PER_MINUTE: '1000', SHARE_BYTES_PER_SECOND: '2000' }, '/srv');
    expect(config.sync).toMatchObject({ shareReadsPerMinute: 1000, shareBytesPerSecond: 2000 });
    expect(loadConfig({}, '/srv').sync).toMatchObject({
      shareReadsPerMinute: 60,
      shareBytesPerSecond: 16 * 1024 * 1024,
    });
    expect(() => loadConfig({ SHARE_READS_PER_MINUTE: '0' }, '/srv')).toThrow(/SHARE_READS_PER_MINUTE/);
  });

  it('rejects a bad PORT with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, '/srv')).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' }, '/srv')).toThrow(/PORT/);
  });
});
