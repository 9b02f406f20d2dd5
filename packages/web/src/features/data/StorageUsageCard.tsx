import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { DatabaseIcon } from '../../ui/icons/settings';
import type { StorageUsage } from './storage-usage';

/** Where the data lives (IndexedDB or the fallback) and how much of the browser's allowance it uses. */
export function StorageUsageCard({ usage, onPersist }: { usage: StorageUsage; onPersist?: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { backend, estimate, chats, persisted } = usage;
  const share = estimate && estimate.quota > 0 ? Math.min(1, estimate.usage / estimate.quota) : undefined;
  return (
    <div className="rounded-xl border border-line bg-sunken px-4 py-3.5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg',
            backend === 'indexeddb' ? 'bg-accent-soft text-accent-soft-fg' : 'bg-danger-soft text-danger',
          )}
        >
          <DatabaseIcon size={17} />
        </span>
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-[13px]">
          <dt className="text-fg-muted">{t('data.usage.backendLabel')}</dt>
          <dd className="font-medium text-fg">{t(`data.usage.backend.${backend}`)}</dd>
          <dt className="text-fg-muted">{t('data.usage.usedLabel')}</dt>
          <dd className="text-fg">
            {estimate
              ? t('data.usage.used', { used: format.bytes(estimate.usage), quota: format.bytes(estimate.quota) })
              : t('data.usage.unknown')}
            {estimate && (
              <span className="text-fg-subtle">
                {' · '}
                {t('data.usage.free', { free: format.bytes(Math.max(0, estimate.quota - estimate.usage)) })}
              </span>
            )}
          </dd>
          {backend === 'indexeddb' && (
            <>
              <dt className="text-fg-muted">{t('data.usage.persistedLabel')}</dt>
              <dd className="text-fg">
                {persisted === undefined
                  ? '…'
                  : persisted === 'unknown'
                    ? t('data.usage.persistUnknown')
                    : persisted
                      ? t('data.usage.persisted')
                      : t('data.usage.notPersisted')}
              </dd>
            </>
          )}
          <dt className="text-fg-muted">{t('data.usage.chatsLabel')}</dt>
          <dd className="text-fg">{chats === undefined ? '…' : format.number(chats)}</dd>
        </dl>
      </div>
      {share !== undefined && (
        <div
          role="meter"
          aria-label={t('data.usage.meterLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          className="mt-3 h-1.5 overflow-hidden rounded-full bg-line"
        >
          <div className="h-full rounded-full bg-accent" style={{ width: `${Math.max(share * 100, 1)}%` }} />
        </div>
      )}
      {backend !== 'indexeddb' && (
        <p className="mt-3 text-[13px] text-danger">{t(`data.usage.backendWarning.${backend}`)}</p>
      )}
      {backend === 'indexeddb' && persisted === false && onPersist && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button size="sm" wrap onClick={onPersist}>
            {t('data.usage.persist')}
          </Button>
          {usage.persistRefused && <p className="text-[13px] text-fg-muted">{t('data.usage.persistRefused')}</p>}
        </div>
      )}
    </div>
  );
}

/** The same in one line, for screens where the card would push the main action out of view. */
export function StorageUsageLine({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { backend, estimate } = usage;
  return (
    <p className="flex items-center gap-2 text-[13px] text-fg-muted">
      <DatabaseIcon size={15} className="shrink-0 text-fg-subtle" />
      <span>
        {t('data.usage.inline', {
          backend: t(`data.usage.backend.${backend}`),
          used: estimate ? format.bytes(estimate.usage) : t('data.usage.unknownShort'),
        })}
      </span>
    </p>
  );
}
