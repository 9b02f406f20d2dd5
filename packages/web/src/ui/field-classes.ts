/** Shared look of text inputs and selects, so every form control lines up. */
export const controlClasses =
  'h-9 w-full rounded-lg border border-line-strong bg-raised px-3 text-sm text-fg shadow-xs ' +
  'placeholder:text-fg-subtle transition-colors hover:border-fg-subtle ' +
  'focus-visible:border-accent focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export const labelClasses = 'text-sm font-medium text-fg';
export const hintClasses = 'text-[13px] text-fg-subtle';
export const errorClasses = 'text-[13px] text-danger';
