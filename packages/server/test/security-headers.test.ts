import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';

const META_POLICY = "default-src 'self'; script-src 'self' 'sha256-abc='; object-src 'none'; base-uri 'none'";

describe('security headers', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function app() {
    dir = mkdtempSync(path.join(os.tmpdir(), 'parley-headers-'));
    const webDist = path.join(dir, 'dist');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(
      path.join(webDist, 'index.html'),
      `<!doctype html><html><head><meta charset="UTF-8" />\n<meta http-equiv="Content-Security-Policy" content="${META_POLICY}" /></head><body></body></html>`,
    );
    return createApp({ version: 'test', webDist, cspReportFile: path.join(dir, 'csp-violations.log') });
  }

  it('SH1 SH2 the page carries the build policy plus frame-ancestors and report-uri; nosniff; no referrer', async () => {
    const res = await app().request('/some/chat');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      `${META_POLICY}; frame-ancestors 'none'; report-uri /api/csp-report`,
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('SH5 the plugin sandbox page keeps its own policy and may be framed by the app only', async () => {
    const handler = app();
    const sandboxPolicy = "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' blob:";
    writeFileSync(
      path.join(dir, 'dist', 'plugin-sandbox.html'),
      `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="${sandboxPolicy}" /></head></html>`,
    );
    const res = await handler.request('/plugin-sandbox.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(`${sandboxPolicy}; frame-ancestors 'self'`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    // Every other page keeps the app's policy and cannot be framed.
    const page = await handler.request('/');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('SH3 API answers run nothing', async () => {
    const res = await app().request('/api/health');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('SH4 violation reports are appended to the log; other types and big bodies are not', async () => {
    const handler = app();
    const log = path.join(dir, 'csp-violations.log');
    const report = JSON.stringify({ 'csp-report': { 'blocked-uri': 'eval' } });
    const res = await handler.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: report,
    });
    expect(res.status).toBe(204);
    const plain = await handler.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(plain.status).toBe(204);
    const big = await handler.request('/api/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: 'x'.repeat(20_000),
    });
    expect(big.status).toBe(413);
    expect(existsSync(log)).toBe(true);
    const lines = readFileSync(log, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ report });
  });
});
