import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { RefreshIcon } from '../../ui/icons/shell';
import { Switch } from '../../ui/Switch';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';
import { SyncStatusBadge } from './SyncStatusBadge';
import { useRescueFocus } from '../../ui/use-rescue-focus';

/** Signed in: who, where, how much storage, the status, the switches and the sync buttons. */
export function AccountPanel() {
  const { t } = useTranslation();
  const format = useFormat();
  const cloudSync = useCloudSync();
  const email = useCloudSyncState((state) => state.email);
  const usage = useCloudSyncState((state) => state.usage);
  const lastSyncAt = useCloudSyncState((state) => state.sync.lastSyncAt);
  const enabled = useCloudSyncState((state) => state.enabled);
  const attachments = useCloudSyncState((state) => state.attachments);
  const running = useCloudSyncState((state) => state.sync.status === 'started');
  const [busy, setBusy] = useState(false);
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRescueFocus(headingRef);

  // Buttons stay enabled (a disabled button drops the focus out of the dialog); a click while a sync
  // runs is ignored here, and the engine would queue it anyway.
  const run = async (action: () => Promise<unknown>) => {
    if (busy || running) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const lastSync = lastSyncAt ? format.dateTime(new Date(lastSyncAt)) : t('cloudSync.account.never');
  const percent =
    usage && usage.limitUsageBytes > 0 ? (usage.totalUsageBytes / usage.limitUsageBytes) * 100 : 0;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <h4
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-sm font-semibold text-fg outline-none"
      >
        {t('cloudSync.account.title')}
      </h4>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2.5 rounded-xl border border-line bg-sunken px-4 py-3 text-sm">
        <dt className="text-fg-muted">{t('cloudSync.account.email')}</dt>
        <dd className="font-medium break-all text-fg">{email}</dd>
        <dt className="text-fg-muted">{t('cloudSync.account.storage')}</dt>
        <dd className="text-fg">
          {usage
            ? t('cloudSync.account.storageValue', {
                used: format.bytes(usage.totalUsageBytes),
                limit: format.bytes(usage.limitUsageBytes),
              })
            : t('cloudSync.account.storageUnknown')}
          {usage && (
            <span
              aria-hidden="true"
              className="mt-1.5 block h-1.5 w-full max-w-56 overflow-hidden rounded-full bg-line"
            >
              <span
                className="block h-full rounded-full bg-accent"
                style={{ width: `${Math.min(100, Math.max(percent, usage.totalUsageBytes > 0 ? 1 : 0))}%` }}
              />
            </span>
          )}
        </dd>
        <dt className="text-fg-muted">{t('cloudSync.account.lastSync')}</dt>
        <dd className="text-fg">{lastSync}</dd>
        <dt className="text-fg-muted">{t('cloudSync.account.status')}</dt>
        <dd>
          <SyncStatusBadge />
        </dd>
      </dl>

      <div className="flex flex-col gap-4">
        <Switch
          label={t('cloudSync.enabled')}
          hint={t('cloudSync.enabledHint')}
          checked={enabled}
          onCheckedChange={(next) => cloudSync.setEnabled(next)}
        />
        <Switch
          label={t('cloudSync.attachments')}
          hint={t('cloudSync.attachmentsHint')}
          checked={attachments}
          onCheckedChange={(next) => cloudSync.setAttachments(next)}
        />
      </div>

      <div role="group" aria-label={t('cloudSync.actions.label')} className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            size="sm"
            icon={<RefreshIcon size={15} />}
            disabled={!enabled}
            aria-disabled={busy || running}
            onClick={() => void run(() => cloudSync.syncNow())}
          >
            {t('cloudSync.actions.syncNow')}
          </Button>
          <Button
            size="sm"
            disabled={!enabled}
            aria-disabled={busy || running}
            onClick={() => void run(() => cloudSync.fullResync())}
          >
            {t('cloudSync.actions.fullResync')}
          </Button>
        </div>
        <p className="text-[13px] text-fg-subtle">{t('cloudSync.actions.fullResyncHint')}</p>
      </div>
    </section>
  );
}
