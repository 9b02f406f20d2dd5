import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { useCloudSyncState } from './cloud-sync-context';
import { syncFailureText } from './sync-failure-text';
import { SyncStatusIcon } from './SyncStatusIcon';
import { syncStatusView } from './sync-status-view';

/**
 * The sync status as words, with the failure's text when the last sync failed (a live region). The
 * spec's "too large" text already starts with "Sync failed": then it stands alone.
 */
export function SyncStatusBadge() {
  const { t } = useTranslation();
  const status = useCloudSyncState(syncStatusView);
  const failure = useCloudSyncState((state) => state.sync.failure);
  const words = t(`cloudSync.status.${status}`);
  const detail = status === 'error' && failure ? syncFailureText(t, failure) : null;
  const headline = detail?.startsWith(words) ? null : words;
  return (
    <div role="status" aria-label={t('cloudSync.status.label')} className="flex min-w-0 items-start gap-2">
      <span className="mt-0.5 shrink-0">
        <SyncStatusIcon status={status} />
      </span>
      <div className="min-w-0">
        {headline && (
          <p className={cn(status === 'error' ? 'font-medium text-danger' : 'text-fg')}>{headline}</p>
        )}
        {detail && (
          <p className={cn('break-words', headline ? 'mt-0.5 text-[13px] text-fg-muted' : 'text-danger')}>
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}
