import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useCloudSync } from './cloud-sync-context';

/**
 * Log out (spec section 4): asked once more, since it clears this device's local data.
 * `everywhere`: the server also revokes the account's tokens on every other device (AU9).
 */
export function LogoutButton({ everywhere = false }: { everywhere?: boolean }) {
  const { t } = useTranslation();
  const keys = everywhere ? 'cloudSync.logoutEverywhere' : 'cloudSync.logout';
  const headingId = useId();
  const cloudSync = useCloudSync();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-5"
    >
      <div className="min-w-0">
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t(`${keys}.button`)}
        </h4>
        <p className="mt-0.5 text-[13px] text-fg-muted">{t(`${keys}.hint`)}</p>
      </div>
      <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
        {t(`${keys}.button`)}
      </Button>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t(`${keys}.title`)}
        role="alertdialog"
        size="sm"
      >
        <div className="px-5 pt-2 pb-5">
          <p className="text-sm text-fg-muted">{t(`${keys}.body`)}</p>
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <Button onClick={() => setConfirming(false)}>{t('common.cancel')}</Button>
            <Button
              variant="danger"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                void cloudSync.logout({ everywhere });
              }}
            >
              {t(`${keys}.confirm`)}
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
