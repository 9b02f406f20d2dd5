import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { retryingImport, withStrings } from '../../state';
import { helpLinkTarget, useHelpDialog } from './help-dialog-store';

// The screen, the help texts (bundled at build time) and their strings are one chunk, fetched when
// Help first opens (decision 0096).
const HelpScreen = lazy(() => withStrings('help', () => retryingImport(() => import('./HelpScreen'))));

/** The Help screen (spec "Updates, Changelog, User Guide, FAQ"), a large dialog. */
export function HelpDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = useHelpDialog();
  // A link to a section (an address ending in #help-guide-voice) opens the screen at that section.
  useEffect(() => {
    const follow = () => {
      const link = helpLinkTarget(window.location.hash);
      if (link) useHelpDialog.getState().open(link.page, link.target);
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return (
    <Dialog open={isOpen} onClose={close} title={t('help.title')} closeLabel={t('common.close')} size="lg">
      <Suspense fallback={<p className="px-5 py-6 text-sm text-fg-subtle">{t('help.loading')}</p>}>
        <HelpScreen />
      </Suspense>
    </Dialog>
  );
}
