import type { SnapshotInfo } from '@parley/core/storage';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HistoryIcon } from '../../ui/icons/settings';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import { notify } from '../toasts';
import type { DataServices } from './data-services';
import { useSnapshots } from './use-snapshots';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Settings → Data → Automatic snapshots: the copies kept on this device, and restoring one (SN6). */
export function SnapshotsScreen({ services, onBack }: { services: DataServices; onBack: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const { state, taking, takeNow } = useSnapshots(services);
  const [confirming, setConfirming] = useState<SnapshotInfo | null>(null);
  const [restoring, setRestoring] = useState(false);
  const when = (snapshot: SnapshotInfo) => format.dateTime(Date.parse(snapshot.takenAt));

  const take = async () => {
    try {
      const taken = await takeNow();
      notify.success(t('data.snapshots.taken', { size: format.bytes(taken.bytes) }));
    } catch (error) {
      notify.error(t('data.snapshots.takeFailed', { message: messageOf(error) }));
    }
  };
  const restore = async (snapshot: SnapshotInfo) => {
    setRestoring(true);
    try {
      await services.snapshots.restore(snapshot.id);
      services.reload();
    } catch (error) {
      setRestoring(false);
      setConfirming(null);
      notify.error(t('data.snapshots.restoreFailed', { message: messageOf(error) }));
    }
  };

  const snapshots = state.status === 'ready' ? state.snapshots : [];
  return (
    <section aria-labelledby={headingId} aria-busy={state.status === 'loading'} className="flex flex-col gap-5">
      <SubScreenHeader
        headingId={headingId}
        title={t('data.snapshots.title')}
        intro={t('data.snapshots.intro')}
        backLabel={t('data.back')}
        onBack={onBack}
      />
      {state.status === 'loading' && <p className="text-sm text-fg-muted">{t('data.snapshots.loading')}</p>}
      {state.status === 'failed' && (
        <p role="alert" className="text-sm text-danger">
          {t('data.snapshots.loadFailed', { message: state.message })}
        </p>
      )}
      {state.status === 'ready' && snapshots.length === 0 && (
        <p className="text-sm text-fg-muted">{t('data.snapshots.empty')}</p>
      )}
      {snapshots.length > 0 && (
        <ul aria-label={t('data.snapshots.listLabel')} className="divide-y divide-line rounded-xl border border-line">
          {snapshots.map((snapshot) => (
            <li key={snapshot.id} className="flex items-center gap-3 px-4 py-3">
              <HistoryIcon size={18} className="shrink-0 text-fg-subtle" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-fg">{when(snapshot)}</p>
                <p className="text-[13px] text-fg-subtle">
                  {t(`data.snapshots.reason.${snapshot.reason}`)} ·{' '}
                  {t('data.snapshots.details', {
                    size: format.bytes(snapshot.bytes),
                    chats: t('data.snapshots.chats', { count: snapshot.counts.chats ?? 0 }),
                  })}
                </p>
              </div>
              <Button
                size="sm"
                aria-label={t('data.snapshots.restoreLabel', { date: when(snapshot) })}
                onClick={() => setConfirming(snapshot)}
                disabled={restoring}
              >
                {t('data.snapshots.restore')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button onClick={() => void take()} disabled={taking || restoring}>
          {taking ? t('data.snapshots.taking') : t('data.snapshots.takeNow')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={t('data.snapshots.confirmTitle')}
        body={confirming ? t('data.snapshots.confirmBody', { date: when(confirming) }) : ''}
        confirmLabel={restoring ? t('data.snapshots.restoring') : t('data.snapshots.confirm')}
        cancelLabel={t('common.cancel')}
        busy={restoring}
        onConfirm={() => confirming && void restore(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
