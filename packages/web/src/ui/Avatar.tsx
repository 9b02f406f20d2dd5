import { useState, type CSSProperties } from 'react';
import { cn } from './cn';

/**
 * A round picture, or initials when there is none or it fails to load (a 404 falls back at once).
 * `pictureURL` must already be checked as http(s) by the caller's rule; the picture sends no
 * referrer. Decorative: the name is always written beside it.
 */
export function Avatar({
  pictureURL,
  initials,
  className,
  style,
  initialsClassName,
  initialsTestId,
}: {
  pictureURL: string | undefined;
  initials: string;
  className: string;
  style?: CSSProperties;
  /** Colours of the initials (the picture's place when there is none). */
  initialsClassName: string;
  /** For tests that check the fallback took place. */
  initialsTestId?: string;
}) {
  const [failedURL, setFailedURL] = useState<string | undefined>();
  if (pictureURL && failedURL !== pictureURL) {
    return (
      <img
        src={pictureURL}
        alt=""
        aria-hidden="true"
        referrerPolicy="no-referrer"
        onError={() => setFailedURL(pictureURL)}
        style={style}
        className={cn('shrink-0 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid={initialsTestId}
      style={style}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-semibold select-none',
        initialsClassName,
        className,
      )}
    >
      {initials}
    </span>
  );
}
