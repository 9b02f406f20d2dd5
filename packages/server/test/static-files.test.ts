import { mkdtempSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { chooseEncoding } from '../src/http/compressed-files';

const bigScript = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word-${i % 50}`))};\n`;

function webDist() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Parley</title>${' '.repeat(2000)}`);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), bigScript);
  writeFileSync(path.join(dir, 'assets', 'tiny-1.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'assets', 'logo-1.png'), Buffer.alloc(4096, 7));
  return dir;
}

describe('the web app files', () => {
  it('SF2 text files go out as Brotli when accepted, else gzip, else as they are; always Vary', async () => {
    const app = createApp({ version: '1', webDist: webDist() });
    const br = await app.request('/assets/app-abc123.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(bigScript.length / 4);
    expect(brotliDecompressSync(brBytes).toString()).toBe(bigScript);

    const gz = await app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(bigScript);

    const plain = await app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(bigScript);

    // The single-page fallback is compressed too.
    const deep = await app.request('/chat/ch-1', { headers: { 'accept-encoding': 'br' } });
    expect(deep.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await deep.arrayBuffer())).toString()).toContain(
      '<title>Parley</title>',
    );
  });

  it('SF2 small files and images are sent as they are', async () => {
    const app = createApp({ version: '1', webDist: webDist() });
    const tiny = await app.request('/assets/tiny-1.js', { headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(await tiny.text()).toBe('console.log(1)');
    const png = await app.request('/assets/logo-1.png', { headers: { 'accept-encoding': 'br' } });
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);
  });

  it('SF2 the coding follows Accept-Encoding, q=0 refusing one', () => {
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('BR;q=0.0, GZIP;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5')).toBe('gzip');
  });

  it('SF3 an unchanged file revalidates with a 304; a new version gets a new ETag', async () => {
    const dir = webDist();
    const app = createApp({ version: '1', webDist: dir });
    const first = await app.request('/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await app.request('/', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Parley 2</title>${' '.repeat(2000)}`);
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dir, 'index.html'), later, later);
    const changed = await app.request('/', {
      headers: { 'if-none-match': etag ?? '', 'accept-encoding': 'gzip' },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(gunzipSync(Buffer.from(await changed.arrayBuffer())).toString()).toContain('Parley 2');
  });
});
