import { licenseMessages } from '@parley/core/license';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../support/memory-storage';
import en from '../../src/i18n/locales/en.json';
import { deviceId, deviceNameFromUserAgent, DEVICE_ID_KEY } from '../../src/features/license/device-identity';
import { editionLicenseState } from '../../src/state/license/license-edition';
import {
  LICENSE_SERVER_URL_KEY,
  licenseServerUrlSetting,
  resolveLicenseServerUrl,
} from '../../src/features/license/license-server-url';
import { maskedLicenseKey } from '../../src/features/license/masked-key';
import { isBuyPagePath, PURCHASE_URL_KEY, resolvePurchaseUrl } from '../../src/features/license/purchase-url';

describe('masked license key', () => {
  it('LS1 shows only the key hint: ••••-••••-XXXX', () => {
    expect(maskedLicenseKey('HJK2')).toBe('••••-••••-HJK2');
    expect(maskedLicenseKey('ab7z')).toBe('••••-••••-AB7Z');
    expect(maskedLicenseKey('PARLEY-AAAA-HJK2')).toBe('••••-••••-HJK2');
    expect(maskedLicenseKey('')).toBe('••••-••••-••••');
  });
});

describe('device identity', () => {
  it('makes a random device id once and keeps it', () => {
    const storage = memoryStorage();
    let made = 0;
    const newId = () => `id-${++made}`;
    expect(deviceId(() => storage, newId)).toBe('id-1');
    expect(deviceId(() => storage, newId)).toBe('id-1');
    expect(JSON.parse(storage.getItem(DEVICE_ID_KEY)!)).toBe('id-1');
  });

  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0', 'Firefox on Android'],
    ['curl/8.0', 'Browser'],
  ])('names the device from its user agent: %s', (userAgent, name) => {
    expect(deviceNameFromUserAgent(userAgent)).toBe(name);
  });
});

describe('server and purchase links', () => {
  it('license calls go to this origin unless TM_licenseServerURL says otherwise', () => {
    const storage = memoryStorage();
    const setting = licenseServerUrlSetting(() => storage);
    expect(resolveLicenseServerUrl('http://127.0.0.1:8788', setting)).toBe('http://127.0.0.1:8788');
    storage.setItem(LICENSE_SERVER_URL_KEY, JSON.stringify('https://licenses.example.org/'));
    expect(resolveLicenseServerUrl('http://127.0.0.1:8788', setting)).toBe('https://licenses.example.org');
    storage.setItem(LICENSE_SERVER_URL_KEY, JSON.stringify('javascript:alert(1)'));
    expect(resolveLicenseServerUrl('http://127.0.0.1:8788', setting)).toBe('http://127.0.0.1:8788');
  });

  it('the purchase link: a local setting, else the build-time URL, else /buy', () => {
    const storage = memoryStorage();
    expect(resolvePurchaseUrl(undefined, () => storage)).toBe('/buy');
    expect(resolvePurchaseUrl('https://shop.example/parley', () => storage)).toBe(
      'https://shop.example/parley',
    );
    storage.setItem(PURCHASE_URL_KEY, JSON.stringify('https://other.example/buy'));
    expect(resolvePurchaseUrl('https://shop.example/parley', () => storage)).toBe(
      'https://other.example/buy',
    );
    expect(isBuyPagePath('/buy')).toBe(true);
    expect(isBuyPagePath('/buy/')).toBe(true);
    expect(isBuyPagePath('/buying')).toBe(false);
  });

  it('the edition sets the state without a key: preview version, free trial, else Unlicensed', () => {
    expect(editionLicenseState('preview')).toEqual({ kind: 'preview' });
    expect(editionLicenseState('free_trial')).toEqual({ kind: 'free_trial' });
    expect(editionLicenseState(undefined)).toEqual({ kind: 'unlicensed' });
  });
});

describe('license texts in en.json', () => {
  it('quote the spec texts exactly as core has them', () => {
    expect(en.license.errors).toMatchObject({
      invalidKey: licenseMessages.invalidKey,
      deviceLimit: licenseMessages.deviceLimitReached,
      unlinkAndReenter: licenseMessages.unlinkAndReenter,
      looksLikeOpenAIKey: licenseMessages.looksLikeOpenAIKey,
    });
    expect(en.license.gate.needLicense).toBe(licenseMessages.needLicenseForFeature);
    expect(en.license.gate.notInPlan).toBe(licenseMessages.notInCurrentPlan);
    expect(en.license.noLicenseBanner).toBe(licenseMessages.noLicenseKey);
    expect(en.speech.unsupported).toBe('Your browser does not support speech synthesis.');
  });
});
