import { LicenseError } from './license-errors';

/** The user limit's texts. The spec has none: they follow its wording for the device limit (LS4). */
export const userLimitMessages = {
  userLimitReached: 'User limit reached for the license key',
  unlinkAndReenter:
    'This license key is already used by the maximum number of people. Unlink the devices of someone who no longer uses it in the License Manager, then re-enter your license key on this device.',
} as const;

/** Two names are the same user when they match ignoring case and surrounding spaces. */
export function userKeyOf(name: string): string {
  return name.trim().normalize('NFC').toLowerCase();
}

type LiveLink = { id: string; user_name: string | null };

/**
 * The user a device's link will belong to: the name the activation gives, else the one its link
 * already has. A user who is not yet among the key's users is refused once the key has
 * `maxUsers` of them; the device's own link does not count, so a device may move to another user
 * within the limit. A link that names nobody takes a device slot only (LS11).
 */
export function seatUser(options: {
  links: readonly LiveLink[];
  ownLink?: LiveLink | undefined;
  requested?: string | undefined;
  maxUsers: number;
}): string | null {
  const userName = options.requested ?? options.ownLink?.user_name ?? null;
  if (userName === null) return null;
  const users = new Set(
    options.links
      .filter((link) => link.id !== options.ownLink?.id && link.user_name !== null)
      .map((link) => userKeyOf(link.user_name!)),
  );
  if (!users.has(userKeyOf(userName)) && users.size >= options.maxUsers) {
    throw new LicenseError('user_limit', userLimitMessages.userLimitReached);
  }
  return userName;
}
