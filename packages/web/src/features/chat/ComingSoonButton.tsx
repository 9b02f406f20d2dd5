import type { ReactNode } from 'react';
import { cn } from '../../ui/cn';
import { Tooltip } from '../../ui/Tooltip';

/**
 * A placeholder for an action that lands later (Share, Play): focusable and named, marked
 * aria-disabled (not `disabled`, which would hide the tooltip), with "coming soon" as its description.
 */
export function ComingSoonButton({
  label,
  note,
  icon,
  showLabel = false,
  className,
}: {
  label: string;
  note: string;
  icon: ReactNode;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <Tooltip content={note} side="top">
      <button
        type="button"
        aria-label={showLabel ? undefined : label}
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
        className={cn(
          'inline-flex cursor-not-allowed items-center justify-center gap-1.5 opacity-50',
          className,
        )}
      >
        {icon}
        {showLabel && label}
      </button>
    </Tooltip>
  );
}
