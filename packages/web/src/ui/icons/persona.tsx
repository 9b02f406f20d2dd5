import { Icon, type IconProps } from './icon';

/** Icons of the sidebar's footer: the prompt library, profiles and memory. */

export function BookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 19.5V5a2 2 0 0 1 2-2h13v16H6.5A2.5 2.5 0 0 0 4 21.5v-2z" />
      <path d="M19 19v3H6.5" />
      <path d="M9 7h6M9 11h4" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </Icon>
  );
}
