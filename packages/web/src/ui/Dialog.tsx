import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { cycleFocus, tabbableElements } from './focus-trap';
import { CloseIcon } from './icons/shell';
import { IconButton } from './IconButton';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** Visible heading; also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the close button; omit to render no close button. */
  closeLabel?: string;
  /** 'alertdialog' for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Element focused on open, or 'panel' (a dialog to read first, its name announced); default: the
   * first tabbable element of the body (a field, a list), never the header's close button, else
   * the panel.
   */
  initialFocus?: RefObject<HTMLElement | null> | 'panel';
  /** Renders the title for screen readers only (the body shows its own heading). */
  hideTitle?: boolean;
  /** Width: 'sm' for confirmations, 'lg' for multi-section dialogs like Settings. */
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  children: ReactNode;
};

/**
 * Modal dialog: labelled by its title, Escape and the backdrop close it, Tab stays inside, focus
 * returns to the element that opened it, the page behind does not scroll.
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({
  onClose,
  title,
  description,
  closeLabel,
  role = 'dialog',
  initialFocus,
  hideTitle = false,
  size = 'md',
  className,
  children,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Focus in on open, back to the opener on close.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      // The close button is a way out, not where the user starts (its tooltip would cover the body).
      const header = headerRef.current;
      const target =
        initialFocus === 'panel'
          ? panel
          : (initialFocus?.current ??
            tabbableElements(panel).find((element) => !header?.contains(element)) ??
            panel);
      target.focus();
    }
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus]);

  // Focus that escapes (a click on the page behind, a script) is pulled back in.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      const target = event.target;
      if (!panel || !(target instanceof Node) || panel.contains(target)) return;
      if (isInsideLaterDialog(panel, target)) return;
      panel.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  // A focused button that unmounts (a form saved, a row deleted) drops focus to <body> without any
  // focus event: the panel's own key handler no longer hears Escape or Tab. The topmost dialog takes
  // keys that reach the document from <body> and pulls focus back in.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel || (event.target !== document.body && event.target !== document.documentElement)) return;
      if (!isTopmostDialog(panel)) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        (tabbableElements(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
    } else if (event.key === 'Tab' && panelRef.current) {
      if (cycleFocus(panelRef.current, event.shiftKey)) event.preventDefault();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4" data-dialog-root="">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-overlay motion-safe:animate-fade-in"
        onMouseDown={() => onCloseRef.current()}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'relative flex max-h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-xl',
          sizeClasses[size],
          'border border-line bg-raised text-fg shadow-popover outline-none',
          'motion-safe:animate-dialog-in',
          className,
        )}
      >
        <div ref={headerRef} className={cn('flex items-start gap-3 px-5 pt-4', hideTitle && 'sr-only')}>
          <div className="min-w-0 flex-1 pt-1">
            <h2 id={titleId} className="text-base font-semibold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-fg-muted">
                {description}
              </p>
            )}
          </div>
          {closeLabel && !hideTitle && (
            <IconButton label={closeLabel} icon={<CloseIcon />} onClick={() => onCloseRef.current()} />
          )}
        </div>
        {children}
      </div>
    </div>
  );
}

const sizeClasses = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-3xl' } as const;

/** A dialog opened on top of this one (rendered later in body) owns its own focus. */
function isTopmostDialog(panel: HTMLElement): boolean {
  const roots = document.querySelectorAll('[data-dialog-root]');
  return roots.length > 0 && roots[roots.length - 1] === panel.closest('[data-dialog-root]');
}

function isInsideLaterDialog(panel: HTMLElement, target: Node): boolean {
  const root = panel.closest('[data-dialog-root]');
  const targetRoot = target instanceof Element ? target.closest('[data-dialog-root]') : null;
  return (
    !!root &&
    !!targetRoot &&
    targetRoot !== root &&
    !!(root.compareDocumentPosition(targetRoot) & Node.DOCUMENT_POSITION_FOLLOWING)
  );
}
