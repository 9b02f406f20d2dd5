import {
  CloudAlertIcon,
  CloudCheckIcon,
  CloudIcon,
  CloudOffIcon,
  CloudSyncingIcon,
} from '../../ui/icons/shell';
import type { SyncStatusView } from './sync-status-view';

/** The sync status as an icon (the top bar's indicator; the account panel's badge adds words). */
export function SyncStatusIcon({ status, size = 16 }: { status: SyncStatusView; size?: number }) {
  switch (status) {
    case 'ready':
      return <CloudCheckIcon size={size} className="text-success" />;
    case 'started':
      return <CloudSyncingIcon size={size} className="animate-pulse text-accent" />;
    case 'error':
      return <CloudAlertIcon size={size} className="text-danger" />;
    case 'off':
      return <CloudOffIcon size={size} className="text-fg-subtle" />;
    default:
      return <CloudIcon size={size} className="text-fg-muted" />;
  }
}
