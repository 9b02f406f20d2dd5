import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '../../ui/cn';

export interface MenuItem {
  readonly id: string;
  readonly label: string;
  readonly onSelect: () => void;
  readonly danger?: boolean;
}

const MENU_WIDTH = 196;

/**
 * A menu button and its menu (ARIA menu pattern): opens on click, Enter or Space; arrow keys move
 * between items, Escape or a click outside closes it and focus returns to the button. The menu is
 * drawn in a portal so the sidebar's scroller never clips it.
 */
export function PopoverMenu({
  label,
  icon,
  items,
  className,
}: {
  label: string;
  icon: ReactNode;
  items: readonly MenuItem[];
  className?: string;
}) {
  const [place, setPlace] = useState<{ top: number; left: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const open = place !== null;

  const close = (refocus: boolean) => {
    setPlace(null);
    if (refocus) buttonRef.current?.focus();
  };

  const toggle = () => {
    if (open) return close(false);
    const rect = buttonRef.current?.getBoundingClientRect();
    if (!rect) return;
    const height = items.length * 34 + 10;
    const top = rect.bottom + height > window.innerHeight ? Math.max(8, rect.top - height) : rect.bottom + 4;
    setPlace({
      top,
      left: Math.max(8, Math.min(rect.right - MENU_WIDTH, window.innerWidth - MENU_WIDTH - 8)),
    });
  };

  useLayoutEffect(() => {
    if (open) menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    const onScroll = () => close(false);
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onScroll);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onScroll);
    };
  }, [open]);

  const onMenuKey = (event: React.KeyboardEvent) => {
    const entries = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') close(event.key === 'Escape');
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => {
          event.stopPropagation();
          toggle();
        }}
        className={cn(
          'flex size-7 shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-active hover:text-fg',
          className,
        )}
      >
        {icon}
      </button>
      {open &&
        createPortal(
          <div
            ref={menuRef}
            role="menu"
            aria-label={label}
            onKeyDown={onMenuKey}
            style={{ top: place.top, left: place.left, width: MENU_WIDTH }}
            className="fixed z-50 rounded-lg border border-line bg-raised p-1 shadow-popover"
          >
            {items.map((item) => (
              <button
                key={item.id}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={cn(
                  'flex h-8 w-full items-center rounded-md px-2.5 text-left text-[13px] outline-none hover:bg-hover focus:bg-hover',
                  item.danger ? 'text-danger' : 'text-fg',
                )}
              >
                {item.label}
              </button>
            ))}
          </div>,
          document.body,
        )}
    </>
  );
}
