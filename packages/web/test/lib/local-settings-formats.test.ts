import { describe, expect, it } from 'vitest';
import { cloudSyncLocalData } from '../../src/adapters/sync/cloud-sync-local-data';
import { localSweepMarker } from '../../src/features/custom-models/stored-copies-sweep';
import { deviceId, deviceNameSetting } from '../../src/features/license/device-identity';
import { licenseLocalData } from '../../src/features/license/license-local-data';
import { licenseServerUrlSetting } from '../../src/features/license/license-server-url';
import { licenseUserNameSetting } from '../../src/features/license/license-user-name';
import { resolvePurchaseUrl } from '../../src/features/license/purchase-url';
import { themeModePref } from '../../src/features/theme/theme-mode';
import { memoryStorage } from '../support/memory-storage';

/**
 * Decision 0101: the three wrappers (localPref, storedValue, cloud sync's localValue) became one
 * module. The values users already have were written by the old code under these keys, in these
 * formats (literal keys and bytes here on purpose: a renamed key or a changed encoding fails).
 */
describe('local settings keep their keys and stored formats (decision 0101)', () => {
  it('cloud sync reads what the old localValue wrote, writes the same bytes, and forgets a token', () => {
    const storage = memoryStorage({
      TM_cloudToken: '"tok-1"',
      TM_cloudCookieSession: 'true',
      TM_cloudEmail: 'ada@example.com', // written by hand: a bare string reads as itself
      TM_cloudSyncEnabled: 'false',
      TM_cloudSyncAttachments: 'true',
      TM_cloudSyncServerURL: '"https://sync.example.com//"',
    });
    const local = cloudSyncLocalData(() => storage);
    expect(local.token.read()).toBe('tok-1');
    expect(local.cookieSession.read()).toBe(true);
    expect(local.email.read()).toBe('ada@example.com');
    expect(local.enabled.read()).toBe(false);
    expect(local.attachments.read()).toBe(true);
    expect(local.serverUrl.read()).toBe('https://sync.example.com');

    local.token.write('tok-2');
    local.enabled.write(true);
    expect(storage.getItem('TM_cloudToken')).toBe('"tok-2"');
    expect(storage.getItem('TM_cloudSyncEnabled')).toBe('true');
    local.token.clear();
    expect(storage.getItem('TM_cloudToken')).toBeNull();
    expect(local.token.read()).toBeUndefined();
  });

  it('the license keeps its token, public key, device and URLs under their keys, as JSON', () => {
    const jwk = { kty: 'RSA', n: 'abc', e: 'AQAB' };
    const storage = memoryStorage({
      TM_licenseToken: '"eyJ.token"',
      TM_licensePublicKey: JSON.stringify(jwk),
      TM_deviceId: '"device-1"',
      TM_deviceName: '"Ada\'s laptop"',
      TM_licenseServerURL: '"https://license.example.com"',
      TM_licenseUserName: '"Ada"',
      TM_purchaseURL: '"https://buy.example.com"',
    });
    const license = licenseLocalData(() => storage);
    expect(license.token.read()).toBe('eyJ.token');
    expect(license.publicKey.read()).toMatchObject(jwk);
    expect(
      deviceId(
        () => storage,
        () => 'never',
      ),
    ).toBe('device-1');
    expect(deviceNameSetting(() => storage).read()).toBe("Ada's laptop");
    expect(licenseServerUrlSetting(() => storage).read()).toBe('https://license.example.com');
    expect(licenseUserNameSetting(() => storage).read()).toBe('Ada');
    expect(resolvePurchaseUrl(undefined, () => storage)).toBe('https://buy.example.com');

    license.token.clear();
    expect(storage.getItem('TM_licenseToken')).toBeNull();
    const fresh = memoryStorage();
    expect(
      deviceId(
        () => fresh,
        () => 'device-2',
      ),
    ).toBe('device-2');
    expect(fresh.getItem('TM_deviceId')).toBe('"device-2"');
  });

  it('plain-text flags stay plain text: the secret-sweep marker reads and writes "1"', () => {
    const storage = memoryStorage({ TM_customSecretSweep: '1' });
    expect(localSweepMarker(() => storage).done()).toBe(true);
    const fresh = memoryStorage();
    const marker = localSweepMarker(() => fresh);
    expect(marker.done()).toBe(false);
    marker.markDone();
    expect(fresh.getItem('TM_customSecretSweep')).toBe('1');
  });

  it('the theme mode reads the JSON string the old localPref wrote', () => {
    window.localStorage.setItem('TM_themeMode', '"dark"');
    expect(themeModePref().read()).toBe('dark');
    themeModePref().write('light');
    expect(window.localStorage.getItem('TM_themeMode')).toBe('"light"');
    window.localStorage.removeItem('TM_themeMode');
  });
});
