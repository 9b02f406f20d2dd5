import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { lazyPart, prefetchAfterFirstScreen } from '../../state';
import { useAgentsDialog } from './agents-dialog-store';

// The screen, its editor and their strings are not part of the first screen; they are fetched once
// it has painted, so the screen opens at once later, also offline.
const AgentsScreen = lazyPart(() => import('./AgentsScreen'), {
  strings: 'agents',
  fallback: <AgentsLoading />,
});

function AgentsLoading() {
  const { t } = useTranslation();
  return <p className="px-5 py-6 text-sm text-fg-subtle">{t('agents.loading')}</p>;
}

/** The AI agents screen (spec "AI agents"), a large dialog opened from the sidebar or the empty chat. */
export function AgentsDialogHost() {
  const { t } = useTranslation();
  const { isOpen, close } = useAgentsDialog();
  useEffect(() => prefetchAfterFirstScreen(AgentsScreen.preload), []);
  return (
    <Dialog open={isOpen} onClose={close} title={t('agents.title')} closeLabel={t('common.close')} size="lg">
      <AgentsScreen />
    </Dialog>
  );
}
