import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { Icon, type IconProps } from '../api-keys/vault-icons';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';

export function KeyboardIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M9 13h6M8 16h8" />
    </Icon>
  );
}

/** Opens the Keyboard Shortcuts popup; for the top bar or the sidebar. */
export function KeyboardShortcutsButton() {
  const { t } = useTranslation();
  const open = useKeyboardShortcutsDialog((state) => state.open);
  return (
    <IconButton label={t('keyboardShortcuts.openHelp')} shortcut="?" icon={<KeyboardIcon />} onClick={open} />
  );
}
