/**
 * Whether the focus that is arriving was moved by Tab (or Shift+Tab): the one move a tooltip should
 * answer. Focus a script moves (a dialog focusing its first field, focus returning to the button
 * that opened a dialog) matches `:focus-visible` too when the last input was a key, and a tooltip
 * shown then covers what the user is about to read.
 *
 * The listener is added by the first caller of `watchTabbing` (a mounted tooltip), never at import.
 */
let tabbing = false;
let watching = false;

export function watchTabbing(): void {
  if (watching || typeof document === 'undefined') return;
  watching = true;
  document.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return;
      tabbing = true;
      // The browser (or a focus trap's handler) moves focus during this key's dispatch; anything
      // after this task is not the Tab's doing.
      setTimeout(() => {
        tabbing = false;
      }, 0);
    },
    true,
  );
}

/** True while the current Tab key press is moving focus. */
export function focusCameFromTab(): boolean {
  return tabbing;
}
