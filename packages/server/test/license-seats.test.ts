import { describe, expect, it } from 'vitest';
import { userLimitMessages } from '../src/license/license-seats';
import { forEachDatabase } from './db-harness';
import { licenseTestApp, type LicenseTestApp } from './license-test-kit';

/** Activates as `userName` (or naming nobody), each call a minute later: clear of the rate limit. */
function activator(kit: LicenseTestApp, key: string) {
  return async (deviceId: string, userName?: string) => {
    kit.clock.now += 61_000;
    return kit.call('POST', '/api/license/activate', {
      body: {
        key,
        deviceId,
        deviceName: `Device ${deviceId}`,
        ...(userName === undefined ? {} : { userName }),
      },
    });
  };
}

const userLimitError = {
  error: {
    code: 'forbidden:user_limit',
    message: 'User limit reached for the license key',
    detail: userLimitMessages.unlinkAndReenter,
  },
  userMessage: `User limit reached for the license key. ${userLimitMessages.unlinkAndReenter}`,
};

describe('license users', () => {
  forEachDatabase((t) => {
    it('LS11 a team key admits 10 users; a device of an 11th is refused, more devices of the 10 are not', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'team' });
      const activate = activator(kit, key);
      for (let n = 1; n <= 10; n += 1) {
        expect((await activate(`laptop-${n}`, `user${n}@example.com`)).status).toBe(200);
      }
      const eleventh = await activate('laptop-11', 'user11@example.com');
      expect(eleventh.status).toBe(403);
      expect(eleventh.json).toEqual(userLimitError);
      expect(userLimitMessages.unlinkAndReenter).toMatch(/unlink/i);

      // The same people, written differently, on more devices.
      expect((await activate('phone-3', '  USER3@Example.com ')).status).toBe(200);
      expect((await activate('tablet-3', 'user3@example.com')).status).toBe(200);
      const linked = await t
        .database()
        .db.selectFrom('license_devices')
        .select('device_id')
        .where('unlinked_at', 'is', null)
        .execute();
      expect(linked).toHaveLength(12);
    });

    it('LS11 a one-user key refuses a second person, not the first one on another device', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'premium' });
      const activate = activator(kit, key);
      expect((await activate('laptop', 'Ada')).status).toBe(200);
      expect((await activate('phone', 'ada')).status).toBe(200);
      const other = await activate('desktop', 'Grace');
      expect(other).toMatchObject({ status: 403, json: userLimitError });
    });

    it('LS11 the device limit is checked before the user limit', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'team', maxDevices: 2, maxUsers: 1 });
      const activate = activator(kit, key);
      await activate('d1', 'ada');
      await activate('d2', 'ada');
      const third = await activate('d3', 'grace');
      expect(third.json).toMatchObject({ error: { code: 'forbidden:device_limit' } });
    });

    it('LS11 a device that names nobody takes a device slot only', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'standard' });
      const activate = activator(kit, key);
      expect((await activate('named', 'ada')).status).toBe(200);
      expect((await activate('unnamed-1')).status).toBe(200);
      expect((await activate('unnamed-2')).status).toBe(200);
      expect((await activate('grace-laptop', 'grace')).status).toBe(403);
    });

    it("LS11 unlinking a user's last device frees the user", async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'team', maxUsers: 2 });
      const activate = activator(kit, key);
      await activate('ada-laptop', 'ada');
      await activate('ada-phone', 'ada');
      const bobToken = (await activate('bob-laptop', 'bob')).json.token as string;
      expect((await activate('cy-laptop', 'cy')).status).toBe(403);
      const unlink = (deviceId: string) =>
        kit.call('POST', `/api/license/devices/${deviceId}/unlink`, { token: bobToken });

      expect((await unlink('ada-phone')).status).toBe(200);
      // One of Ada's devices is still linked: she keeps her seat.
      expect((await activate('cy-laptop', 'cy')).status).toBe(403);
      expect((await unlink('ada-laptop')).status).toBe(200);
      expect((await activate('cy-laptop', 'cy')).status).toBe(200);
    });

    it('LS11 re-activating a device under another name moves it within the limit; no name keeps its user', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'team', maxUsers: 2 });
      const activate = activator(kit, key);
      await activate('shared', 'ada');
      await activate('bob-laptop', 'bob');
      // Ada's only device passes to Cy: Ada's seat is freed by the move, so Cy fits.
      expect((await activate('shared', 'cy')).status).toBe(200);
      // Bob's laptop can become Dee's: its own link (Bob's seat) does not count against the move.
      expect((await activate('bob-laptop', 'dee')).status).toBe(200);
      // Now Cy and Dee are the users: a third name on a linked device is one too many.
      await activate('cy-phone', 'cy');
      expect((await activate('cy-phone', 'eve')).status).toBe(403);

      const token = (await activate('cy-phone')).json.token as string;
      const list = await kit.call('GET', '/api/license/devices', { token });
      expect(list.json.license).toMatchObject({ maxDevices: 50, maxUsers: 2 });
      expect(list.json.devices).toEqual([
        expect.objectContaining({ deviceId: 'shared', userName: 'cy' }),
        expect.objectContaining({ deviceId: 'bob-laptop', userName: 'dee' }),
        expect.objectContaining({ deviceId: 'cy-phone', userName: 'cy', current: true }),
      ]);
    });

    it('LS10 LS11 a blank or over-long user name is an off-schema body', async () => {
      const kit = await licenseTestApp(t.database());
      const { key } = await kit.admin.createLicense({ plan: 'team' });
      const activate = activator(kit, key);
      expect((await activate('d1', '   ')).json).toMatchObject({ error: { code: 'bad_request:body' } });
      expect((await activate('d1', 'x'.repeat(201))).status).toBe(400);
    });
  });
});
