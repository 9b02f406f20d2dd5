import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { prefetchAfterFirstScreen, retryingImport, withStrings } from '../../state';
import { hasPageSignInResult } from '../mcp';
import { usePluginsDialog } from './plugins-dialog-store';

// The screen, its validation, its editor and their strings are not part of the first screen; they
// are fetched once it has painted, so the screen opens at once later, also offline.
const loadScreen = () => withStrings('plugins', () => retryingImport(() => import('./PluginsScreen')));
const PluginsScreen = lazy(loadScreen);
const prefetchScreen = () => loadScreen().then((module) => module.preloadEditor());

/** The Plugins screen (spec "plugins (create, import, settings)"), a large dialog. */
export function PluginsDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = usePluginsDialog();
  useEffect(() => prefetchAfterFirstScreen(prefetchScreen), []);
  // Back from a server's sign-in page that took the whole tab: the screen opens and finishes it.
  useEffect(() => {
    if (hasPageSignInResult(globalThis.sessionStorage)) usePluginsDialog.getState().open();
  }, []);
  return (
    <Dialog open={isOpen} onClose={close} title={t('plugins.title')} closeLabel={t('common.close')} size="lg">
      <Suspense fallback={<p className="px-5 py-6 text-sm text-fg-subtle">{t('plugins.loading')}</p>}>
        <PluginsScreen />
      </Suspense>
    </Dialog>
  );
}
