import { SyncFailureError } from '@parley/core/sync-client';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { notify } from '../toasts';
import { BackupNotTaken } from './cloud-sync-controller';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';
import { ScheduledBackups } from './ScheduledBackups';
import { syncFailureText } from './sync-failure-text';

/** Manual backup on the server: create a snapshot, or merge the latest one back into this device. */
export function BackupPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const cloudSync = useCloudSync();
  const enabled = useCloudSyncState((state) => state.enabled);
  const lastBackup = useCloudSyncState((state) => state.lastBackup);
  const [busy, setBusy] = useState<'create' | 'restore' | null>(null);

  const failureText = useCallback(
    (error: unknown) => {
      if (error instanceof BackupNotTaken || error instanceof SyncFailureError)
        return syncFailureText(t, error.failure);
      console.error('cloud backup failed', error);
      return t('cloudSync.errors.unexpected');
    },
    [t],
  );

  // Buttons stay enabled while working (a disabled button drops the focus); clicks then do nothing.
  const create = async () => {
    if (busy) return;
    setBusy('create');
    const toastId = notify.loading(t('cloudSync.backup.creating'));
    try {
      await cloudSync.createBackup();
      notify.success(t('cloudSync.backup.created'), { id: toastId });
    } catch (error) {
      notify.error(failureText(error), { id: toastId });
    } finally {
      setBusy(null);
    }
  };

  const restore = async () => {
    if (busy) return;
    setBusy('restore');
    const toastId = notify.loading(t('cloudSync.backup.restoring'));
    try {
      const result = await cloudSync.restoreBackup();
      if (!result) notify.error(t('cloudSync.backup.none'), { id: toastId });
      else
        notify.success(t('cloudSync.backup.restored', { count: result.chats + result.records }), {
          id: toastId,
        });
    } catch (error) {
      notify.error(failureText(error), { id: toastId });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 border-t border-line pt-5">
      <h4 id={headingId} className="text-sm font-semibold text-fg">
        {t('cloudSync.backup.title')}
      </h4>
      <p className="text-[13px] text-fg-muted">{t('cloudSync.backup.intro')}</p>
      {lastBackup && (
        <p className="text-[13px] text-fg-muted">
          {t('cloudSync.backup.last', {
            date: format.dateTime(new Date(lastBackup.createdAt)),
            chats: lastBackup.counts.chats,
          })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={!enabled} aria-disabled={busy !== null} onClick={() => void create()}>
          {t('cloudSync.backup.create')}
        </Button>
        <Button size="sm" aria-disabled={busy !== null} onClick={() => void restore()}>
          {t('cloudSync.backup.restore')}
        </Button>
      </div>
      {enabled && <ScheduledBackups failureText={failureText} />}
    </section>
  );
}
