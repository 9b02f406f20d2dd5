import type { LostItem, RecoverableKind, RestoreOutcome } from '@parley/core/storage';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { RefreshIcon } from '../../ui/icons/shell';
import { notify } from '../toasts';
import { BackupButton } from './BackupButton';
import { CheckCircleIcon } from '../../ui/icons/settings';
import type { DataServices } from './data-services';
import { LostItemRow } from './LostItemRow';
import { SubScreenHeader } from '../../ui/SubScreenHeader';
import { useLostData } from './use-lost-data';

function groupByKind(items: readonly LostItem[]): [RecoverableKind, LostItem[]][] {
  const groups = new Map<RecoverableKind, LostItem[]>();
  for (const item of items) groups.set(item.kind, [...(groups.get(item.kind) ?? []), item]);
  return [...groups];
}

/**
 * "Recover lost data" (spec section 2): lists what exists on this device but is not visible in the
 * app (old-format keys, the localStorage fallback, chats deleted in the last 30 days) and restores
 * it, one item or all, never over a newer copy.
 */
export function RecoverDataScreen({ services, onBack }: { services: DataServices; onBack: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();

  const announce = (outcome: RestoreOutcome) => {
    if (outcome.restored.length > 0) notify.success(t('data.recover.restored', { count: outcome.restored.length }));
    if (outcome.skipped.length > 0) notify.blank(t('data.recover.skipped', { count: outcome.skipped.length }));
    const [failure] = outcome.failed;
    if (failure) {
      const reason = failure.code === 'quota_exceeded' ? t('data.recover.reasonQuota') : t('data.recover.reasonOther');
      notify.error(t('data.recover.failed', { count: outcome.failed.length, reason }));
    }
  };
  const { state, restoring, rescan, restore } = useLostData(services, announce);
  const items = state.status === 'ready' ? state.scan.items : [];
  const busy = restoring.size > 0;

  return (
    <section aria-labelledby={headingId} aria-busy={state.status === 'scanning' || busy} className="flex flex-col gap-5">
      <SubScreenHeader headingId={headingId} title={t('data.recover.title')} intro={t('data.recover.intro')} backLabel={t('data.back')} onBack={onBack} />
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <p role="status" className="min-w-0 flex-1 text-sm text-fg">
            {state.status === 'scanning'
              ? t('data.recover.scanning')
              : state.status === 'failed'
                ? t('data.recover.scanFailed', { message: state.message })
                : t('data.recover.found', { count: items.length })}
          </p>
          <Button
            size="sm"
            variant="ghost"
            icon={<RefreshIcon size={15} />}
            onClick={() => void rescan()}
            disabled={busy}
          >
            {t('data.recover.rescan')}
          </Button>
        </div>
        {items.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="primary" onClick={() => void restore(items)} disabled={busy}>
              {t('data.recover.restoreAll', { count: items.length })}
            </Button>
            <BackupButton services={services} size="sm" />
          </div>
        )}
      </div>
      {state.status === 'ready' && items.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-line-strong px-6 py-8 text-center">
          <CheckCircleIcon size={24} className="text-success" />
          <p className="text-sm font-medium text-fg">{t('data.recover.nothingTitle')}</p>
          <p className="max-w-sm text-[13px] text-fg-subtle">{t('data.recover.nothingBody')}</p>
        </div>
      )}
      {groupByKind(items).map(([kind, group]) => (
        <div key={kind} className="flex flex-col gap-2">
          <h4 className="text-[13px] font-semibold text-fg-muted">
            {t(`data.recover.kinds.${kind}`)}{' '}
            <span className="font-normal text-fg-subtle">({format.number(group.length)})</span>
          </h4>
          <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
            {group.map((item) => (
              <LostItemRow
                key={item.key}
                item={item}
                now={services.clock.now()}
                busy={restoring.has(item.key) || busy}
                onRestore={() => void restore([item])}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
