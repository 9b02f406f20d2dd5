import { useLayoutEffect, useRef, type Ref, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../ui/cn';

/** A textarea that grows with its text up to its max height, then scrolls. */
export function AutoGrowTextarea({
  className,
  value,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string; ref?: Ref<HTMLTextAreaElement> }) {
  const inner = useRef<HTMLTextAreaElement | null>(null);
  useLayoutEffect(() => {
    const element = inner.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight}px`;
  }, [value]);
  return (
    <textarea
      ref={(element) => {
        inner.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      rows={1}
      value={value}
      className={cn(
        // The placeholder stays on its one line, cut with "…" where a language runs long on a phone.
        'block w-full resize-none overflow-y-auto bg-transparent text-[length:inherit] leading-[1.6] text-fg outline-none placeholder:truncate placeholder:text-fg-subtle',
        className,
      )}
      {...props}
    />
  );
}
