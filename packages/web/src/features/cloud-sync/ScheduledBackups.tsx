import type { ScheduledBackup } from '@parley/core/sync-client';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { notify } from '../toasts';
import { useCloudSync } from './cloud-sync-context';

type ListState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; backups: ScheduledBackup[] };

/** SY12: the server's daily backups, each restorable (merged like the manual one). */
export function ScheduledBackups({ failureText }: { failureText: (error: unknown) => string }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const cloudSync = useCloudSync();
  const [state, setState] = useState<ListState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    cloudSync.scheduledBackups().then(
      (backups) => live && setState({ status: 'ready', backups }),
      (error: unknown) => live && setState({ status: 'failed', message: failureText(error) }),
    );
    return () => {
      live = false;
    };
  }, [cloudSync, failureText]);

  const when = (backup: ScheduledBackup) => format.dateTime(new Date(backup.createdAt));
  const restore = async (backup: ScheduledBackup) => {
    if (busy) return;
    setBusy(true);
    const toastId = notify.loading(t('cloudSync.backup.restoring'));
    try {
      const result = await cloudSync.restoreScheduledBackup(backup.id);
      if (!result) notify.error(t('cloudSync.backup.scheduledGone'), { id: toastId });
      else
        notify.success(t('cloudSync.backup.restored', { count: result.chats + result.records }), {
          id: toastId,
        });
    } catch (error) {
      notify.error(failureText(error), { id: toastId });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <h5 id={headingId} className="text-[13px] font-semibold text-fg">
        {t('cloudSync.backup.scheduledTitle')}
      </h5>
      <p className="text-[13px] text-fg-muted">{t('cloudSync.backup.scheduledIntro')}</p>
      {state.status === 'loading' && (
        <p className="text-[13px] text-fg-subtle">{t('cloudSync.backup.scheduledLoading')}</p>
      )}
      {state.status === 'failed' && (
        <p className="text-[13px] text-danger">
          {t('cloudSync.backup.scheduledFailed', { message: state.message })}
        </p>
      )}
      {state.status === 'ready' && state.backups.length === 0 && (
        <p className="text-[13px] text-fg-subtle">{t('cloudSync.backup.scheduledNone')}</p>
      )}
      {state.status === 'ready' && state.backups.length > 0 && (
        <ul aria-labelledby={headingId} className="divide-y divide-line rounded-lg border border-line">
          {state.backups.map((backup) => (
            <li key={backup.id} className="flex items-center gap-2 px-3 py-2">
              <span className="min-w-0 flex-1 text-[13px] text-fg">
                {t('cloudSync.backup.scheduledItem', {
                  date: when(backup),
                  chats: backup.counts.chats,
                  size: format.bytes(backup.sizeBytes),
                })}
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={t('cloudSync.backup.scheduledRestoreLabel', { date: when(backup) })}
                aria-disabled={busy}
                onClick={() => void restore(backup)}
              >
                {t('cloudSync.backup.scheduledRestore')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
