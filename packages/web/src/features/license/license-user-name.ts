import { cloudSyncLocalData } from '../../adapters/sync';
import { nonEmptyString, localPref, type PrefStorage } from '../../state';

export const LICENSE_USER_NAME_KEY = 'TM_licenseUserName';

/** The server's limit on `userName` (LS11), counted after trimming as the server does. */
export const MAX_LICENSE_USER_NAME_LENGTH = 200;

/** The name or email given at the last activation on this device. */
export function licenseUserNameSetting(storage?: () => PrefStorage | undefined) {
  return localPref(LICENSE_USER_NAME_KEY, nonEmptyString, undefined, storage);
}

/**
 * The cloud-sync account's email while signed in (its token and email are both kept, as the sync
 * controller requires): read from storage here so the license code never loads cloud sync's UI.
 */
export function signedInCloudEmail(storage?: () => PrefStorage | undefined): string | undefined {
  const cloud = cloudSyncLocalData(storage);
  return cloud.token.read() ? cloud.email.read() : undefined;
}

/** What the activation form starts with: the signed-in account, else the last activation's name. */
export function initialLicenseUserName(storage?: () => PrefStorage | undefined): string {
  return signedInCloudEmail(storage) ?? licenseUserNameSetting(storage).read() ?? '';
}

/** The `userName` to send (LS11): trimmed, or none at all when empty. */
export function licenseUserNameToSend(input: string): string | undefined {
  return input.trim() || undefined;
}

export function isLicenseUserNameTooLong(input: string): boolean {
  return input.trim().length > MAX_LICENSE_USER_NAME_LENGTH;
}

/** Keeps what this activation used, so the next one starts with it; an empty name forgets it. */
export function rememberLicenseUserName(
  userName: string | undefined,
  storage?: () => PrefStorage | undefined,
): void {
  const setting = licenseUserNameSetting(storage);
  if (userName) setting.write(userName);
  else setting.clear();
}
