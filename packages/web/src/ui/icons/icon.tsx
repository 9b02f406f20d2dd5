import type { ReactNode, SVGProps } from 'react';

/**
 * The frame every line icon is drawn in: a 24px grid, 1.75 stroke, drawn inline (no icon font, no extra
 * request). Icons are decorative (aria-hidden); the control that holds one carries the accessible name.
 *
 * The glyphs live beside this file, one module per place they load (shell, sidebar, chat, message,
 * settings), so an icon used only by a lazily loaded screen ships in that screen's chunk. Import each icon
 * by name from its module; there is no index.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

type FrameProps = IconProps & { children: ReactNode };

/** Default size 18: settings, dialogs and the app frame. */
export function Icon({ size = 18, children, ...props }: FrameProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/** Default size 16: icons set in dense rows (sidebar, chat bar, message actions). */
export function SmallIcon({ size = 16, ...props }: FrameProps) {
  return <Icon size={size} {...props} />;
}
