import { agentInitials, safeAvatarURL } from '../agents';
import type { UserProfile } from '../entities';

/** Profile rules (UP*, persona/SPEC.md). The message is the spec's (section 5), decision 0037. */
export const PROFILE_PICTURE_MESSAGE = 'Profile picture URL must start with http:// or https://';

/** UP1: an empty picture is fine (initials show); anything else must be an http(s) URL. */
export function validateProfile(draft: Pick<UserProfile, 'picURL'>): string | undefined {
  const url = draft.picURL.trim();
  if (url === '') return undefined;
  return safeAvatarURL(url) === undefined ? PROFILE_PICTURE_MESSAGE : undefined;
}

/** UP2: the picture to show, only when it is an http(s) URL; otherwise the initials show. */
export function profilePictureURL(profile: Pick<UserProfile, 'picURL'>): string | undefined {
  return safeAvatarURL(profile.picURL);
}

/** UP2: up to two initials of the profile's name. */
export function profileInitials(profile: Pick<UserProfile, 'name'>): string {
  return agentInitials(profile.name);
}

/** UP3: the current profile: the first live one marked current (older data may mark several). */
export function currentProfile<T extends Pick<UserProfile, 'isCurrent' | 'deletedAt'>>(
  profiles: readonly T[],
): T | undefined {
  return profiles.find((profile) => profile.isCurrent && profile.deletedAt === null);
}

/**
 * UP3: the profiles to write so that exactly `id` is current: it, and every other live profile
 * that was marked current. Profiles already right are left alone (no needless sync).
 */
export function switchCurrentProfile<T extends Pick<UserProfile, 'id' | 'isCurrent' | 'deletedAt'>>(
  profiles: readonly T[],
  id: string,
): T[] {
  return profiles
    .filter((profile) => profile.deletedAt === null)
    .filter((profile) => profile.isCurrent !== (profile.id === id))
    .map((profile) => ({ ...profile, isCurrent: profile.id === id }));
}
