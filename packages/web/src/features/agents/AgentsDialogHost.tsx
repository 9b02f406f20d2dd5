import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { retryingImport } from '../../state';
import { useAgentsDialog } from './agents-dialog-store';

// The screen and its editor load when the screen is first opened, never with the first screen.
const AgentsScreen = lazy(() => retryingImport(() => import('./AgentsScreen')));

/** The AI agents screen (spec "AI agents"), a large dialog opened from the sidebar or the empty chat. */
export function AgentsDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = useAgentsDialog();
  return (
    <Dialog open={isOpen} onClose={close} title={t('agents.title')} closeLabel={t('common.close')} size="lg">
      <Suspense fallback={<p className="px-5 py-6 text-sm text-fg-subtle">{t('agents.loading')}</p>}>
        <AgentsScreen />
      </Suspense>
    </Dialog>
  );
}
