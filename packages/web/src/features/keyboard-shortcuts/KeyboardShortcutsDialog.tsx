import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';
import { ShortcutEditor } from './ShortcutEditor';

/** The Keyboard Shortcuts popup (spec section 2). */
export function KeyboardShortcutsDialog() {
  const { t } = useTranslation();
  const { isOpen, close } = useKeyboardShortcutsDialog();
  return (
    <Dialog open={isOpen} onClose={close} title={t('keyboardShortcuts.title')} closeLabel={t('common.close')}>
      <div className="overflow-y-auto px-5 pt-3 pb-5">
        <ShortcutEditor />
      </div>
    </Dialog>
  );
}
