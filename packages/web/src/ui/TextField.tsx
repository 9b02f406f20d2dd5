import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from './cn';
import { controlClasses, errorClasses, hintClasses, labelClasses } from './field-classes';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  /** Visible label, tied to the input. */
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the input and marks it invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, hint, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={controlClasses}
        {...props}
      />
      {hint && (
        <p id={hintId} className={hintClasses}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}
