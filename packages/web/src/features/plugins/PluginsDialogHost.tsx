import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { retryingImport } from '../../state';
import { usePluginsDialog } from './plugins-dialog-store';

// The screen, its validation and its editor load when the screen is first opened.
const PluginsScreen = lazy(() => retryingImport(() => import('./PluginsScreen')));

/** The Plugins screen (spec "plugins (create, import, settings)"), a large dialog. */
export function PluginsDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = usePluginsDialog();
  return (
    <Dialog open={isOpen} onClose={close} title={t('plugins.title')} closeLabel={t('common.close')} size="lg">
      <Suspense fallback={<p className="px-5 py-6 text-sm text-fg-subtle">{t('plugins.loading')}</p>}>
        <PluginsScreen />
      </Suspense>
    </Dialog>
  );
}
