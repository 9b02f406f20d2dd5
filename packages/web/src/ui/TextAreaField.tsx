import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { controlClasses, errorClasses, hintClasses, labelClasses } from './field-classes';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown under the field and marks it invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A labelled multi-line text field, the TextField's look. */
export function TextAreaField({ label, hint, error, className, rows = 4, ...props }: TextAreaFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={cn(controlClasses, 'h-auto resize-y py-2 leading-relaxed')}
        {...props}
      />
      {hint && (
        <p id={`${id}-hint`} className={hintClasses}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={errorClasses}>
          {error}
        </p>
      )}
    </div>
  );
}
