import { describe, expect, it } from 'vitest';
import { forEachDatabase } from './db-harness';
import { licenseTestApp } from './license-test-kit';

// Different keys sharing the rate-limit prefix PARLEY + AAAABBBB.
const guess = (n: number) =>
  `PARLEY-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 26]}XYZ`;

describe('license route limits', () => {
  forEachDatabase((t) => {
    it('LS7 limits activation to 10 a minute per client address, with Retry-After', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      for (let n = 0; n < 10; n += 1) {
        const res = await kit.activate(
          `PARLEY-${String.fromCharCode(65 + n).repeat(32)}`,
          'd',
          'x',
          '192.0.2.7',
        );
        expect(res.status).toBe(400);
      }
      kit.clock.now += 20_000;
      const blocked = await kit.activate(key, 'device-1', 'Laptop', '192.0.2.7');
      expect(blocked.status).toBe(429);
      expect(blocked.json).toEqual({
        error: {
          code: 'rate_limited:license',
          message: 'Too many activation attempts. Please wait 40 seconds and try again.',
        },
        userMessage: 'Too many activation attempts. Please wait 40 seconds and try again.',
      });
      expect(blocked.headers.get('retry-after')).toBe('40');
      expect((await kit.activate(key, 'device-1', 'Laptop', '192.0.2.8')).status).toBe(200);

      kit.clock.now += 40_000;
      expect((await kit.activate(key, 'device-1', 'Laptop', '192.0.2.7')).status).toBe(200);
    });

    it('LS7 LICENSE_ACTIVATIONS_PER_MINUTE sets the limit (a test deployment raises it)', async () => {
      const kit = await licenseTestApp(t.database(), { activationsPerMinute: 12 });
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      for (let n = 0; n < 11; n += 1) {
        const res = await kit.activate(
          `PARLEY-${String.fromCharCode(65 + n).repeat(32)}`,
          'd',
          'x',
          '192.0.2.9',
        );
        expect(res.status).toBe(400);
      }
      expect((await kit.activate(key, 'device-1', 'Laptop', '192.0.2.9')).status).toBe(200);
      expect((await kit.activate(key, 'device-1', 'Laptop', '192.0.2.9')).status).toBe(429);
    });

    it('LS7 limits activation to 10 a minute per key prefix, whatever the address', async () => {
      const kit = await licenseTestApp(t.database());
      for (let n = 0; n < 10; n += 1) {
        expect((await kit.activate(guess(n), 'd', 'x', `198.51.100.${n}`)).status).toBe(400);
      }
      const sameKeyNewAddress = await kit.activate(guess(99), 'd', 'x', '198.51.100.200');
      expect(sameKeyNewAddress.status).toBe(429);
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      expect((await kit.activate(key, 'd', 'x', '198.51.100.201')).status).toBe(200);
    });

    it('LS10 refuses bodies over 16 KB with 413', async () => {
      const kit = await licenseTestApp(t.database());
      const res = await kit.call('POST', '/api/license/activate', {
        body: { key: 'x', deviceId: 'd', deviceName: 'n'.repeat(17 * 1024) },
      });
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ error: { code: 'payload_too_large:body' } });
    });

    it('LS10 refuses unparsable and off-schema bodies with 400 bad_request:body', async () => {
      const kit = await licenseTestApp(t.database());
      const broken = await kit.call('POST', '/api/license/activate', { rawBody: '{"key": ' });
      expect(broken).toMatchObject({
        status: 400,
        json: { error: { code: 'bad_request:body', message: 'The request body is not valid JSON.' } },
      });
      for (const body of [{ key: 'PARLEY-X' }, { key: 5, deviceId: 'd', deviceName: 'n' }, []]) {
        const res = await kit.call('POST', '/api/license/activate', { body });
        expect(res.status).toBe(400);
        expect(res.json).toMatchObject({ error: { code: 'bad_request:body' } });
      }
    });
  });
});
