import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { Tooltip, type TooltipSide } from './Tooltip';

export type IconButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
  /** Accessible name, also shown as the tooltip. Required: an icon alone names nothing. */
  label: string;
  icon: ReactNode;
  /** Keyboard chord shown in the tooltip, e.g. "Ctrl B". */
  shortcut?: string;
  tooltipSide?: TooltipSide;
  ref?: Ref<HTMLButtonElement>;
};

export function IconButton({
  label,
  icon,
  shortcut,
  tooltipSide = 'bottom',
  className,
  ...props
}: IconButtonProps) {
  return (
    <Tooltip content={label} shortcut={shortcut} side={tooltipSide} decorative>
      <button
        type="button"
        aria-label={label}
        className={cn(
          'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-fg-muted',
          'transition-colors duration-150 hover:bg-hover hover:text-fg disabled:opacity-50',
          className,
        )}
        {...props}
      >
        {icon}
      </button>
    </Tooltip>
  );
}
