import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../ui/cn';
import { BackupButton } from './BackupButton';
import {
  DataChevronRightIcon as ChevronRightIcon,
  DataTrashIcon as TrashIcon,
  HistoryIcon,
  LifebuoyIcon,
} from '../../ui/icons/settings';
import type { DataServices } from './data-services';
import type { StorageUsage } from './storage-usage';
import { StorageUsageCard } from './StorageUsageCard';

function ScreenLink({
  icon,
  title,
  hint,
  danger,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-3 px-4 py-3 text-left transition-colors hover:bg-hover"
    >
      <span aria-hidden="true" className={cn('shrink-0', danger ? 'text-danger' : 'text-fg-subtle')}>
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm font-medium', danger ? 'text-danger' : 'text-fg')}>{title}</span>
        <span className="mt-0.5 block text-[13px] text-fg-subtle">{hint}</span>
      </span>
      <ChevronRightIcon size={16} className="shrink-0 text-fg-subtle" />
    </button>
  );
}

/** Settings > Data: what is stored where, a backup, and the ways to recover or clear it. */
export function DataOverview({
  services,
  usage,
  onSnapshots,
  onRecover,
  onClear,
}: {
  services: DataServices;
  usage: StorageUsage;
  onSnapshots: () => void;
  onRecover: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('data.title')}
        </h3>
        <p className="text-[13px] text-fg-muted">{t('data.intro')}</p>
      </div>
      <StorageUsageCard usage={usage} onPersist={usage.requestPersistence} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-48 flex-1 text-[13px] text-fg-muted">{t('data.backup.hint')}</p>
        <BackupButton services={services} />
      </div>
      <div className="divide-y divide-line overflow-hidden rounded-xl border border-line">
        {usage.backend === 'indexeddb' && (
          <ScreenLink
            icon={<HistoryIcon size={18} />}
            title={t('data.snapshots.title')}
            hint={t('data.snapshots.linkHint')}
            onClick={onSnapshots}
          />
        )}
        <ScreenLink
          icon={<LifebuoyIcon size={18} />}
          title={t('data.recover.title')}
          hint={t('data.recover.linkHint')}
          onClick={onRecover}
        />
        <ScreenLink
          icon={<TrashIcon size={18} />}
          title={t('data.clear.title')}
          hint={t('data.clear.linkHint')}
          danger
          onClick={onClear}
        />
      </div>
    </section>
  );
}
