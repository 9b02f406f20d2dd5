import { profileInitials, profilePictureURL } from '@parley/core/persona';
import type { UserProfile } from '@parley/core/entities';
import { Avatar } from '../../ui/Avatar';

/** UP2: the profile's picture when it is an http(s) URL that loads, else its initials. */
export function ProfileAvatar({
  profile,
  size = 28,
  className,
}: {
  profile: Pick<UserProfile, 'name' | 'picURL'>;
  size?: number;
  className?: string;
}) {
  return (
    <Avatar
      pictureURL={profilePictureURL(profile)}
      initials={profileInitials(profile)}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }}
      initialsClassName="bg-accent-soft text-accent-soft-fg"
      initialsTestId="profile-initials"
      className={className ?? ''}
    />
  );
}
