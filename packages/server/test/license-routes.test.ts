import { licenseMessages, verifyLicenseToken } from '@parley/core/license';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { signLicenseToken } from '../src/license/license-token-signer';
import { loadLicenseSigningKey } from '../src/license/signing-key';
import { forEachDatabase } from './db-harness';
import { licenseTestApp } from './license-test-kit';

const unknownKey = 'PARLEY-AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GGGG-HHHH';

describe('license routes', () => {
  forEachDatabase((t) => {
    it('LS2 LS9 activation returns a token that verifies with the served public key', async () => {
      const kit = await licenseTestApp(t.database());
      const { key, license } = await kit.admin.createLicense({ plan: 'extended' });
      const res = await kit.activate(key, 'device-1', 'Work laptop');
      expect(res.status).toBe(200);
      expect(Object.keys(res.json)).toEqual(['token']);

      const publicKey = await kit.call('GET', '/api/license/public-key');
      expect(publicKey.status).toBe(200);
      expect(publicKey.json).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: kit.signingKey.kid });
      expect(publicKey.json).not.toHaveProperty('d');

      const verified = await verifyLicenseToken(res.json.token as string, publicKey.json);
      expect(verified).toEqual({
        valid: true,
        claims: {
          licenseId: license.id,
          plan: 'extended',
          features: [
            'premiumCharacters',
            'fillContentWithAI',
            'uploadDocuments',
            'textToSpeech',
            'webSearch',
          ],
          deviceId: 'device-1',
          keyHint: license.keyHint,
          activationId: expect.any(String),
          issuedAt: kit.clock.now,
        },
      });
      const [header] = (res.json.token as string).split('.');
      expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({
        alg: 'RS256',
        kid: kit.signingKey.kid,
        typ: 'JWT',
      });
      const payload = JSON.parse(
        Buffer.from((res.json.token as string).split('.')[1]!, 'base64url').toString(),
      );
      expect(payload).not.toHaveProperty('exp');
    });

    it('LS2 accepts the key typed in lower case with spaces', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      const res = await kit.activate(`  ${key.toLowerCase().replace(/-/g, ' ')} `, 'device-1');
      expect(res.status).toBe(200);
    });

    it('LS3 re-activating a linked device gives a fresh token and uses no slot', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard', maxDevices: 2 });
      const first = await kit.activatedToken(key, 'device-1');
      kit.clock.now += 5_000;
      const again = await kit.activate(key, 'device-1', 'Renamed laptop');
      expect(again.status).toBe(200);
      expect(again.json.token).not.toBe(first);
      expect((await kit.activate(key, 'device-2')).status).toBe(200);

      const list = await kit.call('GET', '/api/license/devices', { token: again.json.token as string });
      expect(list.json.devices).toMatchObject([
        { deviceId: 'device-1', deviceName: 'Renamed laptop', lastSeenAt: kit.clock.now },
        { deviceId: 'device-2' },
      ]);
      // Both tokens of device-1 belong to the same link, so both still work.
      expect((await kit.call('GET', '/api/license/devices', { token: first })).status).toBe(200);
    });

    it('LS4 refuses a new device over the limit, asking to unlink and re-enter the key', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'premium' });
      for (let n = 1; n <= 5; n += 1) expect((await kit.activate(key, `device-${n}`)).status).toBe(200);
      const sixth = await kit.activate(key, 'device-6');
      expect(sixth.status).toBe(403);
      expect(sixth.json).toEqual({
        error: {
          code: 'forbidden:device_limit',
          message: 'Device limit reached for the license key',
          detail: licenseMessages.unlinkAndReenter,
        },
        userMessage: `Device limit reached for the license key. ${licenseMessages.unlinkAndReenter}`,
      });
      expect(licenseMessages.unlinkAndReenter).toMatch(/unlink/i);
      expect(licenseMessages.unlinkAndReenter).toMatch(/re-enter your license key/i);
      expect((await kit.activate(key, 'device-3')).status).toBe(200); // linked ones still re-activate
    });

    it('LS4 concurrent activations of one key never exceed its device limit', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      const results = await Promise.all(
        Array.from({ length: 9 }, (_, n) => kit.activate(key, `device-${n}`, 'Racer', `192.0.2.${n}`)),
      );
      const statuses = results.map((res) => res.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 200, 403, 403, 403, 403]);
      const linked = await t
        .database()
        .db.selectFrom('license_devices')
        .select('device_id')
        .where('unlinked_at', 'is', null)
        .execute();
      expect(linked).toHaveLength(5);
    });

    it('LS4 a team key links 50 devices', async () => {
      const kit = await licenseTestApp(t.database());
      const { key, license } = await kit.admin.createLicense({ plan: 'team' });
      expect(license).toMatchObject({ maxDevices: 50, maxUsers: 10 });
      for (let n = 1; n <= 50; n += 1) {
        const res = await kit.activate(key, `device-${n}`, undefined, `198.51.100.${n}`);
        expect(res.status).toBe(200);
        kit.clock.now += 61_000; // stay under the per-key rate limit
      }
      expect((await kit.activate(key, 'device-51')).status).toBe(403);
    });

    it('LS6 lists the devices of the key with the asking device marked current', async () => {
      const kit = await licenseTestApp(t.database());
      const { key, license } = await kit.admin.createLicense({ plan: 'standard' });
      const activatedAt = kit.clock.now;
      await kit.activate(key, 'device-1', 'Laptop');
      kit.clock.now += 1_000;
      const token = await kit.activatedToken(key, 'device-2');
      kit.clock.now += 1_000;
      const res = await kit.call('GET', '/api/license/devices', { token });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        license: { keyHint: license.keyHint, plan: 'standard', maxDevices: 5, maxUsers: 1 },
        devices: [
          {
            deviceId: 'device-1',
            deviceName: 'Laptop',
            userName: null,
            activatedAt,
            lastSeenAt: activatedAt,
            current: false,
          },
          {
            deviceId: 'device-2',
            deviceName: 'Device device-2',
            userName: null,
            activatedAt: activatedAt + 1_000,
            lastSeenAt: activatedAt + 2_000, // this request counts as seen
            current: true,
          },
        ],
      });
    });

    it('LS5 unlinking frees a slot, refuses the unlinked tokens, and the device can come back', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard', maxDevices: 2 });
      const tokenA = await kit.activatedToken(key, 'device-a');
      const oldTokenB = await kit.activatedToken(key, 'device-b');
      expect((await kit.activate(key, 'device-c')).status).toBe(403);

      const unlink = await kit.call('POST', '/api/license/devices/device-b/unlink', { token: tokenA });
      expect(unlink).toMatchObject({ status: 200, json: { ok: true, deviceId: 'device-b' } });
      const refused = await kit.call('GET', '/api/license/devices', { token: oldTokenB });
      expect(refused.status).toBe(401);
      expect(refused.json).toMatchObject({ error: { code: 'unauthorized:license_token' } });
      const list = await kit.call('GET', '/api/license/devices', { token: tokenA });
      expect((list.json.devices as { deviceId: string }[]).map((d) => d.deviceId)).toEqual(['device-a']);

      const newTokenB = await kit.activatedToken(key, 'device-b');
      expect((await kit.call('GET', '/api/license/devices', { token: newTokenB })).status).toBe(200);
      expect((await kit.call('GET', '/api/license/devices', { token: oldTokenB })).status).toBe(401);

      const again = await kit.call('POST', '/api/license/devices/device-x/unlink', { token: tokenA });
      expect(again).toMatchObject({ status: 404, json: { error: { code: 'not_found:license_device' } } });
    });

    it('LS5 a device can unlink itself; its token then stops working', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      const token = await kit.activatedToken(key, 'device-1');
      expect((await kit.call('POST', '/api/license/devices/device-1/unlink', { token })).status).toBe(200);
      expect((await kit.call('GET', '/api/license/devices', { token })).status).toBe(401);
    });

    it('LS6 a token of another key cannot unlink or see this key’s devices', async () => {
      const kit = await licenseTestApp(t.database());
      const mine = await kit.admin.createLicense({ plan: 'standard' });
      const theirs = await kit.admin.createLicense({ plan: 'standard' });
      const myToken = await kit.activatedToken(mine.key, 'shared-id');
      const theirToken = await kit.activatedToken(theirs.key, 'their-device');

      const res = await kit.call('POST', '/api/license/devices/shared-id/unlink', { token: theirToken });
      expect(res).toMatchObject({ status: 404, json: { error: { code: 'not_found:license_device' } } });
      expect((await kit.call('GET', '/api/license/devices', { token: myToken })).status).toBe(200);
      const theirList = await kit.call('GET', '/api/license/devices', { token: theirToken });
      expect((theirList.json.devices as { deviceId: string }[]).map((d) => d.deviceId)).toEqual([
        'their-device',
      ]);
    });

    it('LS2 refuses unknown, malformed, OpenAI-looking and revoked keys alike', async () => {
      const kit = await licenseTestApp(t.database());
      const { key, license } = await kit.admin.createLicense({ plan: 'standard' });
      const token = await kit.activatedToken(key, 'device-1');
      await kit.admin.revokeLicense(license.keyHint);
      const invalid = {
        error: { code: 'bad_request:license_key', message: 'Sorry, that license key is invalid.' },
        userMessage: 'Sorry, that license key is invalid.',
      };
      for (const attempt of [unknownKey, 'hello', 'sk-proj-' + 'a'.repeat(40), key]) {
        const res = await kit.activate(attempt, 'device-2');
        expect(res.status).toBe(400);
        expect(res.json).toEqual(invalid);
      }
      // LS8: the revoked key's tokens stop working too.
      expect((await kit.call('GET', '/api/license/devices', { token })).status).toBe(401);
    });

    it('LS6 device routes refuse missing, garbage and foreign-signed tokens', async () => {
      const kit = await licenseTestApp(t.database());
      const missing = await kit.call('GET', '/api/license/devices');
      expect(missing).toMatchObject({ status: 401, json: { error: { code: 'unauthorized:license_token' } } });
      const garbage = await kit.call('GET', '/api/license/devices', { token: 'abc.def.ghi' });
      expect(garbage.status).toBe(401);
      const unlink = await kit.call('POST', '/api/license/devices/x/unlink', { token: 'abc.def.ghi' });
      expect(unlink.status).toBe(401);

      // Well-formed claims of a live link, signed by a key that is not the server's.
      const { key, license } = await kit.admin.createLicense({ plan: 'premium' });
      const real = await kit.activatedToken(key, 'device-1');
      const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString());
      const strangerKey = await loadLicenseSigningKey({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'k-')) });
      const forged = await signLicenseToken(
        strangerKey,
        { ...claims, licenseId: license.id, activationId: claims.activationId },
        kit.clock.now,
      );
      expect((await kit.call('GET', '/api/license/devices', { token: forged })).status).toBe(401);
      expect((await kit.call('GET', '/api/license/devices', { token: real })).status).toBe(200);
    });
  });
});
