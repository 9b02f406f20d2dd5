import { profileInitials, profilePictureURL } from '@parley/core/persona';
import type { UserProfile } from '@parley/core/entities';
import { useState } from 'react';
import { cn } from '../../ui/cn';

/**
 * UP2: the profile's picture when it is an http(s) URL that loads, else its initials. The picture
 * never sends a referrer, and a URL that fails (404) falls back to the initials.
 */
export function ProfileAvatar({
  profile,
  size = 28,
  className,
}: {
  profile: Pick<UserProfile, 'name' | 'picURL'>;
  size?: number;
  className?: string;
}) {
  const url = profilePictureURL(profile);
  const [failed, setFailed] = useState<string | undefined>();
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (url && failed !== url) {
    return (
      <img
        src={url}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(url)}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      data-testid="profile-initials"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-accent-soft font-semibold text-accent-soft-fg',
        className,
      )}
    >
      {profileInitials(profile)}
    </span>
  );
}
