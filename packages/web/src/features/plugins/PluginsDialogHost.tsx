import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';
import { hasPageSignInResult } from '../mcp';
import { PluginsLoading } from './PluginsLoading';
import { usePluginsDialog } from './plugins-dialog-store';

// The screen, its validation, its editor and their strings are not part of the first screen; they
// are fetched once it has painted, so the screen opens at once later, also offline.
const PluginsScreen = lazyPart(() => import('./PluginsScreen'), {
  strings: 'plugins',
  fallback: <PluginsLoading />,
  // The editor too (the screen loads it when a plugin is created or edited), so it opens offline.
  alsoPreload: () => import('./PluginEditor'),
});

/** The Plugins screen (spec "plugins (create, import, settings)"), a large dialog. */
export function PluginsDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = usePluginsDialog();
  useEffect(() => prefetchAfterFirstScreen(PluginsScreen.preload), []);
  // Back from a server's sign-in page that took the whole tab: the screen opens and finishes it.
  useEffect(() => {
    if (hasPageSignInResult(globalThis.sessionStorage)) usePluginsDialog.getState().open();
  }, []);
  return (
    <Dialog open={isOpen} onClose={close} title={t('plugins.title')} closeLabel={t('common.close')} size="lg">
      <PluginsScreen />
    </Dialog>
  );
}
