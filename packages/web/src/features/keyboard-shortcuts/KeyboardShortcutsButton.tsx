import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { KeyboardIcon } from '../../ui/icons/shell';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';

/**
 * Opens the Keyboard Shortcuts popup; for the top bar or the sidebar. Not shown on a phone, which
 * has no keyboard to press them on (Settings still lists them).
 */
export function KeyboardShortcutsButton() {
  const { t } = useTranslation();
  const open = useKeyboardShortcutsDialog((state) => state.open);
  return (
    <span className="inline-flex keyboardless:hidden">
      <IconButton
        label={t('keyboardShortcuts.openHelp')}
        shortcut="?"
        icon={<KeyboardIcon />}
        onClick={open}
      />
    </span>
  );
}
