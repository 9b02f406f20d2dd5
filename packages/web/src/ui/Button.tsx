import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shown before the label; decorative. */
  icon?: ReactNode;
  /**
   * A long label (a sentence, not a word) wraps onto a second line when the button has less room
   * than it needs, as German or Greek may ask, instead of running past its container.
   */
  wrap?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-accent text-accent-fg hover:bg-accent-hover shadow-sm',
  secondary: 'bg-raised text-fg border border-line-strong hover:bg-hover shadow-xs',
  ghost: 'text-fg hover:bg-hover',
  danger: 'bg-danger text-danger-fg hover:bg-danger-hover shadow-sm',
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-[13px] gap-1.5',
  md: 'h-9 px-3.5 text-sm gap-2',
};

const wrapSizeClasses: Record<ButtonSize, string> = {
  sm: 'min-h-8 py-1 px-3 text-[13px] gap-1.5',
  md: 'min-h-9 py-1.5 px-3.5 text-sm gap-2',
};

const baseClasses =
  'inline-flex items-center justify-center rounded-lg font-medium select-none ' +
  'transition-colors duration-150 disabled:pointer-events-none disabled:opacity-50';

export const buttonBaseClasses = `${baseClasses} whitespace-nowrap`;

export function Button({
  variant = 'secondary',
  size = 'md',
  icon,
  wrap = false,
  className,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type="button"
      className={cn(
        wrap ? `${baseClasses} max-w-full text-center` : buttonBaseClasses,
        variantClasses[variant],
        wrap ? wrapSizeClasses[size] : sizeClasses[size],
        className,
      )}
      {...props}
    >
      {icon}
      {children}
    </button>
  );
}
