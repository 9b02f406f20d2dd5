import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

// Same drawing rules as ui/icons (24px grid, 1.75 stroke, decorative); only cloud sync uses these.
function Icon({ size = 18, children, ...props }: IconProps & { children: ReactNode }) {
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

const CLOUD = 'M7 18.5h10.5a4 4 0 0 0 .6-7.96A6 6 0 0 0 6.5 9.6 4.5 4.5 0 0 0 7 18.5Z';

export function CloudIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD} />
    </Icon>
  );
}

export function CloudCheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD} />
      <path d="m9.5 13.5 2 2 3.5-3.5" />
    </Icon>
  );
}

export function CloudSyncingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD} />
      <path d="M14.8 12.2a2.9 2.9 0 0 0-5.3.3M9.2 15.3a2.9 2.9 0 0 0 5.3-.3" />
    </Icon>
  );
}

export function CloudAlertIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d={CLOUD} />
      <path d="M12 11v3M12 16.2v.1" />
    </Icon>
  );
}

export function CloudOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M9 6.4a6 6 0 0 1 9.1 4.14 4 4 0 0 1 2 6.3M16.5 18.5H7a4.5 4.5 0 0 1-.5-8.9" />
      <path d="m3 3 18 18" />
    </Icon>
  );
}
