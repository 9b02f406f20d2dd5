import { nonEmptyString, localPref, type PrefStorage } from '../../state';

export const DEVICE_ID_KEY = 'TM_deviceId';
export const DEVICE_NAME_KEY = 'TM_deviceName';

/** This browser's id for the license server: random, made once, kept in localStorage. */
export function deviceId(
  storage?: () => PrefStorage | undefined,
  newId: () => string = () => crypto.randomUUID(),
): string {
  const stored = localPref(DEVICE_ID_KEY, nonEmptyString, undefined, storage);
  const existing = stored.read();
  if (existing) return existing;
  const id = newId();
  stored.write(id);
  return id;
}

/** The name the user gave this device, else one derived from the user agent. */
export function deviceNameSetting(storage?: () => PrefStorage | undefined) {
  return localPref(DEVICE_NAME_KEY, nonEmptyString, undefined, storage);
}

const browsers: ReadonlyArray<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Chrome|Chromium|CriOS|HeadlessChrome)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];

// Order matters: iOS and Android user agents also mention Mac OS X and Linux.
const systems: ReadonlyArray<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on Linux", "Safari on iOS"; product names are not translated. */
export function deviceNameFromUserAgent(userAgent: string): string {
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Browser';
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} on ${system}` : browser;
}
