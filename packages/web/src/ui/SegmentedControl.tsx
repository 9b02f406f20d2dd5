import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { hintClasses, labelClasses } from './field-classes';

export type SegmentedOption<V extends string> = { value: V; label: string; icon?: ReactNode };

export type SegmentedControlProps<V extends string> = {
  /** Names the radio group. */
  label: ReactNode;
  hint?: ReactNode;
  value: V;
  options: ReadonlyArray<SegmentedOption<V>>;
  onValueChange: (value: V) => void;
  className?: string;
};

/**
 * A radio group drawn as a segmented control. Native radios underneath: arrow keys move the
 * selection, and it reads as "radio group, Theme; Dark, radio button, 2 of 3".
 */
export function SegmentedControl<V extends string>({
  label,
  hint,
  value,
  options,
  onValueChange,
  className,
}: SegmentedControlProps<V>) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <span id={`${id}-label`} className={labelClasses}>
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? `${id}-hint` : undefined}
        // Wraps rather than running past a narrow screen when the words are long (Greek, Russian).
        className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg border border-line bg-sunken p-1"
      >
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex cursor-pointer items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
              'transition-colors duration-150 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
              option.value === value ? 'bg-raised text-fg shadow-sm' : 'text-fg-muted hover:text-fg',
            )}
          >
            <input
              type="radio"
              name={id}
              value={option.value}
              checked={option.value === value}
              onChange={() => onValueChange(option.value)}
              // Invisible but covering the whole segment: clicks and taps land on the real radio.
              className="absolute inset-0 cursor-pointer appearance-none opacity-0"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  );
}
