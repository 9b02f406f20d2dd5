import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../state';
import { Dialog } from '../../ui/Dialog';
import { useKeyboardShortcutsDialog } from './keyboard-shortcuts-dialog-store';

// The editor loads when the popup is first opened, never with the first screen.
const ShortcutEditor = lazy(() =>
  retryingImport(() => import('./ShortcutEditor')).then((module) => ({ default: module.ShortcutEditor })),
);

/** The Keyboard Shortcuts popup (spec section 2). */
export function KeyboardShortcutsDialog() {
  const { t } = useTranslation();
  const { isOpen, close } = useKeyboardShortcutsDialog();
  return (
    <Dialog open={isOpen} onClose={close} title={t('keyboardShortcuts.title')} closeLabel={t('common.close')}>
      <div className="overflow-y-auto px-5 pt-3 pb-5">
        <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
          <ShortcutEditor />
        </Suspense>
      </div>
    </Dialog>
  );
}
