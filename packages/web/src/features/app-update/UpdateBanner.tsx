import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { serviceWorkerUpdates } from './service-worker-updates';

/**
 * "A new version is ready" with Reload, below the top bar (clear of the message box) once a new build has installed
 * in the background. Nothing changes until the user chooses Reload (an answer being written is
 * never cut off); Later hides the banner until the next start.
 */
export default function UpdateBanner() {
  const { t } = useTranslation();
  const [updates] = useState(serviceWorkerUpdates);
  const { ready } = useSyncExternalStore(updates.subscribe, updates.getState);
  const [dismissed, setDismissed] = useState(false);
  if (!ready || dismissed) return null;
  return (
    <div
      role="status"
      aria-label={t('appUpdate.label')}
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+3.75rem)] z-40 flex justify-center px-4"
    >
      <div className="pointer-events-auto flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl border border-line bg-raised py-2 pr-2 pl-4 text-[13px] text-fg shadow-lg">
        <span>{t('appUpdate.ready')}</span>
        <span className="flex gap-1">
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {t('appUpdate.later')}
          </Button>
          <Button variant="primary" onClick={() => updates.applyUpdate()}>
            {t('appUpdate.reload')}
          </Button>
        </span>
      </div>
    </div>
  );
}
