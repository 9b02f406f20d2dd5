import { describe, expect, it } from 'vitest';
import { createLicenseApi } from '../../src/state/license/license-api';
import { LicenseClientError } from '../../src/state/license/license-errors';

type Sent = { url: string; init: RequestInit };

/** A fetch that records what it was given and answers with one fixed response. */
function answering(status: number, body: unknown) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const api = createLicenseApi({ baseUrl: () => 'http://license.test', fetch });
  return { api, sent, body: () => JSON.parse(String(sent[0]?.init.body)) as Record<string, unknown> };
}

const device = {
  deviceId: 'd1',
  deviceName: 'Laptop',
  activatedAt: 1,
  lastSeenAt: 2,
  current: true,
};

describe('license API client', () => {
  it('LS11 sends userName with the activation when there is one', async () => {
    const { api, sent, body } = answering(200, { token: 'a.b.c' });
    await api.activate({
      key: 'PARLEY-K',
      deviceId: 'd1',
      deviceName: 'Laptop',
      userName: 'ana@example.com',
    });
    expect(sent[0]?.url).toBe('http://license.test/api/license/activate');
    expect(sent[0]?.init.method).toBe('POST');
    expect(body()).toEqual({
      key: 'PARLEY-K',
      deviceId: 'd1',
      deviceName: 'Laptop',
      userName: 'ana@example.com',
    });
  });

  it('LS11 an activation without a user sends no userName field at all', async () => {
    const { api, body } = answering(200, { token: 'a.b.c' });
    await api.activate({ key: 'PARLEY-K', deviceId: 'd1', deviceName: 'Laptop' });
    expect(body()).toEqual({ key: 'PARLEY-K', deviceId: 'd1', deviceName: 'Laptop' });
    expect('userName' in body()).toBe(false);
  });

  it('LS11 maps forbidden:user_limit to its own code, keeping message and detail', async () => {
    const { api } = answering(403, {
      error: {
        code: 'forbidden:user_limit',
        message: 'User limit reached for the license key',
        detail: 'Unlink the devices of someone who no longer uses it.',
      },
    });
    const error = await api.activate({ key: 'K', deviceId: 'd', deviceName: 'n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LicenseClientError);
    expect(error).toMatchObject({
      code: 'user_limit',
      message: 'User limit reached for the license key',
      extra: { status: 403, detail: 'Unlink the devices of someone who no longer uses it.' },
    });
  });

  it('LS4 the device limit keeps its own code, apart from the user limit', async () => {
    const { api } = answering(403, {
      error: { code: 'forbidden:device_limit', message: 'Device limit reached for the license key' },
    });
    const error = await api.activate({ key: 'K', deviceId: 'd', deviceName: 'n' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'device_limit' });
  });

  it('LS11 the device list carries maxUsers and each device user, named or not', async () => {
    const { api, sent } = answering(200, {
      license: { keyHint: 'HJK2', plan: 'team', maxDevices: 50, maxUsers: 10 },
      devices: [
        { ...device, userName: 'ana@example.com' },
        { ...device, deviceId: 'd2', userName: null, current: false },
      ],
    });
    const list = await api.listDevices('tok');
    expect(sent[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok' });
    expect(list.license.maxUsers).toBe(10);
    expect(list.devices.map((entry) => entry.userName)).toEqual(['ana@example.com', null]);
  });

  it('a device list from a server without user counting still parses', async () => {
    const { api } = answering(200, {
      license: { keyHint: 'HJK2', plan: 'extended', maxDevices: 5 },
      devices: [device],
    });
    const list = await api.listDevices('tok');
    expect(list.license.maxUsers).toBeUndefined();
    expect(list.devices[0]?.userName).toBeUndefined();
  });
});
