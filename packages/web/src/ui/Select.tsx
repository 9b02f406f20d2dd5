import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses, hintClasses, labelClasses } from './field-classes';
import { ChevronDownIcon } from './icons/shell';

export type SelectOption<V extends string> = {
  value: V;
  label: string;
  disabled?: boolean;
  /** The label's language, when it is not the interface's (a language named in its own words). */
  lang?: string;
};

export type SelectProps<V extends string> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'value' | 'onChange' | 'children'
> & {
  label: ReactNode;
  /** Keeps the label for assistive technology only (compact toolbars). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** 'toolbar': borderless, for top bars; 'field' (default): a form control. */
  look?: 'field' | 'toolbar';
  value: V;
  options: ReadonlyArray<SelectOption<V>>;
  onValueChange: (value: V) => void;
  ref?: Ref<HTMLSelectElement>;
};

const toolbarClasses =
  'h-9 rounded-lg bg-transparent pl-3 text-[15px] font-semibold text-fg transition-colors hover:bg-hover ' +
  'cursor-pointer disabled:cursor-not-allowed';

/** A native select (keyboard, mobile pickers and screen readers for free), styled to match. */
export function Select<V extends string>({
  label,
  hideLabel = false,
  hint,
  look = 'field',
  value,
  options,
  onValueChange,
  className,
  ...props
}: SelectProps<V>) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn(labelClasses, hideLabel && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => onValueChange(event.target.value as V)}
          className={cn(look === 'field' ? controlClasses : toolbarClasses, 'appearance-none pr-9')}
          {...props}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled} lang={option.lang}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon
          size={16}
          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-fg-subtle"
        />
      </div>
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
    </div>
  );
}
