import { useId, useState, type InputHTMLAttributes } from 'react';
import { IconButton } from '../../ui/IconButton';
import { cn } from '../../ui/cn';
import { controlClasses, errorClasses, labelClasses } from '../../ui/field-classes';
import { EyeIcon, EyeOffIcon } from '../../ui/icons/settings';

type SecretInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  label: string;
  showLabel: string;
  hideLabel: string;
  error?: string;
  /** The label is read by screen readers only (the input sits in a row whose heading names it). */
  labelHidden?: boolean;
};

/** A password input with a show/hide button inside its right edge. */
export function SecretInput({
  label,
  showLabel,
  hideLabel,
  error,
  labelHidden = false,
  className,
  ...props
}: SecretInputProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={cn(labelClasses, labelHidden && 'sr-only')}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn(controlClasses, 'pr-10 font-mono text-[13px]')}
          {...props}
        />
        <IconButton
          label={visible ? hideLabel : showLabel}
          icon={visible ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          className="absolute top-0 right-0 size-9"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}
