import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';

function webDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-host-config-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Parley</title>');
  return dir;
}

describe('/parley.config.json (PARLEY_CONFIG_FILE)', () => {
  it("serves the owner's file as JSON, revalidated every time, and reads each edit", async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-config-')), 'parley.config.json');
    writeFileSync(file, '{"flags":{"promptLibrary":false}}');
    const app = createApp({ version: '1', webDist: webDist(), hostConfigFile: file });
    const response = await app.request('/parley.config.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.json()).toEqual({ flags: { promptLibrary: false } });
    writeFileSync(file, '{}');
    expect(await (await app.request('/parley.config.json')).json()).toEqual({});
  });

  it('is a 404, not the app page, when no file is set or the file is gone', async () => {
    const none = createApp({ version: '1', webDist: webDist() });
    expect((await none.request('/parley.config.json')).status).toBe(404);
    const gone = createApp({ version: '1', webDist: webDist(), hostConfigFile: '/nonexistent/parley.json' });
    expect((await gone.request('/parley.config.json')).status).toBe(404);
  });
});
