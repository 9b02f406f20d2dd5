import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig, ConfigError } from '../src/config';
import { clientAddress, trustForwardedFor } from '../src/http/rate-limit';

/** Behind a load balancer (src/cluster/SPEC.md CL10): whose address a request counts for. */
function appBehind(proxies: string[]) {
  const app = new Hono();
  app.use('*', trustForwardedFor(new Set(proxies)));
  app.get('/who', (c) => c.text(clientAddress(c)));
  return async (peer: string, forwardedFor?: string) => {
    const headers: Record<string, string> =
      forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
    const res = await app.request('/who', { headers }, { incoming: { socket: { remoteAddress: peer } } });
    return res.text();
  };
}

describe('TRUSTED_PROXIES', () => {
  it('CL10 a trusted proxy forwards the client address; the hops a client wrote itself count for nothing', async () => {
    const who = appBehind(['10.0.0.5', '10.0.0.6']);
    expect(await who('10.0.0.5', '198.51.100.7')).toBe('198.51.100.7');
    // The client claims 1.2.3.4; the proxy appended the address it saw: that one counts.
    expect(await who('10.0.0.5', '1.2.3.4, 198.51.100.7')).toBe('198.51.100.7');
    // Two trusted proxies in a row: the rightmost address that is not one of them.
    expect(await who('10.0.0.5', '1.2.3.4, 198.51.100.7, 10.0.0.6')).toBe('198.51.100.7');
    // An IPv4 peer on a dual-stack socket is the same proxy.
    expect(await who('::ffff:10.0.0.5', '198.51.100.8')).toBe('198.51.100.8');
    // No header from the proxy: the proxy's own address.
    expect(await who('10.0.0.5')).toBe('10.0.0.5');
  });

  it('CL10 anyone else sending X-Forwarded-For keeps their own address', async () => {
    const who = appBehind(['10.0.0.5']);
    expect(await who('203.0.113.9', '10.0.0.5, 198.51.100.7')).toBe('203.0.113.9');
    expect(await appBehind([])('203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
  });

  it('CL10 the setting takes IP addresses only and names the first that is not one', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.5, fd00::1 10.0.0.6' }, '/').trustedProxies).toEqual(
      new Set(['10.0.0.5', 'fd00::1', '10.0.0.6']),
    );
    expect(loadConfig({}, '/').trustedProxies).toEqual(new Set());
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.5, 10.0.0.0/8' }, '/')).toThrow(ConfigError);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'lb.internal' }, '/')).toThrow(
      /"lb.internal" is not an IP address/,
    );
  });
});
