import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstScreen, lazyPart } from '../../state';
import { Dialog } from '../../ui/Dialog';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';

// The editor is not part of the first screen; it is fetched once that has painted (so the popup
// opens at once later, also offline).
const ShortcutEditor = lazyPart(() => import('./ShortcutEditor'), {
  pick: (module) => module.ShortcutEditor,
  loadingText: 'settings.loading',
});

/** The Keyboard Shortcuts popup (spec section 2). */
export function KeyboardShortcutsDialog() {
  const { t } = useTranslation();
  const { isOpen, close } = useKeyboardShortcutsDialog();
  useEffect(() => afterFirstScreen(() => void ShortcutEditor.preload().catch(() => undefined)), []);
  return (
    // A list to read first: focus goes to the dialog (its name announced), Tab on to the chords.
    <Dialog
      open={isOpen}
      onClose={close}
      title={t('keyboardShortcuts.title')}
      closeLabel={t('common.close')}
      initialFocus="panel"
    >
      <div className="overflow-y-auto px-5 pt-3 pb-5">
        <ShortcutEditor />
      </div>
    </Dialog>
  );
}
