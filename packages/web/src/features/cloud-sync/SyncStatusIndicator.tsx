import { useTranslation } from 'react-i18next';
import { IconButton } from '../../ui/IconButton';
import { useSettingsDialog } from '../settings';
import { useCloudSyncState } from './cloud-sync-context';
import { syncFailureText } from './sync-failure-text';
import { SyncStatusIcon } from './SyncStatusIcon';
import { syncStatusView } from './sync-status-view';

/** Top-bar cloud icon: the sync status at a glance (its name says it); opens Settings > Cloud Sync. */
export function SyncStatusIndicator() {
  const { t } = useTranslation();
  const signedIn = useCloudSyncState((state) => state.email !== null);
  const status = useCloudSyncState(syncStatusView);
  const failure = useCloudSyncState((state) => state.sync.failure);
  const open = useSettingsDialog((state) => state.open);
  if (!signedIn) return null;
  const words = t(`cloudSync.status.${status}`);
  const detail = status === 'error' && failure ? `${words}. ${syncFailureText(t, failure)}` : words;
  return (
    <IconButton
      label={t('cloudSync.status.indicator', { status: detail })}
      icon={<SyncStatusIcon status={status} size={18} />}
      data-sync-status={status}
      onClick={() => open('cloudSync')}
    />
  );
}
