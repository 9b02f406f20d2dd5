import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Icon, type IconProps } from '../../ui/icons/icon';
import { useHelpDialog } from './help-dialog-store';

/** Help: a question mark in a circle. */
function HelpIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6" />
      <path d="M12 17h.01" />
    </Icon>
  );
}

/** The sidebar's way to the Help screen (user guide, FAQ, what's new). */
export function HelpLink() {
  const { t } = useTranslation();
  const open = useHelpDialog((state) => state.open);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="w-full justify-start"
      icon={<HelpIcon size={16} />}
      onClick={() => open()}
    >
      {t('help.sidebarLink')}
    </Button>
  );
}
