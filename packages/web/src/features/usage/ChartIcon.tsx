import { Icon, type IconProps } from '../api-keys/vault-icons';

export function ChartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 3v18h18" />
      <path d="M8 17v-5M12 17V8M16 17v-3M20 17V6" />
    </Icon>
  );
}
