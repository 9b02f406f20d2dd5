import { EPOCH_ISO } from '@parley/core/entities';
import type { LostItem } from '@parley/core/storage';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';

const DAY_MS = 86_400_000;

function useWhen(item: LostItem, now: number): string {
  const { t } = useTranslation();
  const format = useFormat();
  if (item.changedAt === EPOCH_ISO) return t('data.recover.whenUnknown');
  const at = Date.parse(item.changedAt);
  if (item.origin === 'deleted') {
    const days = Math.max(0, Math.round((now - at) / DAY_MS));
    const ago = format.relative(-days, 'day');
    return t('data.recover.deletedWhen', { ago });
  }
  const date = format.date(at);
  return t('data.recover.changedWhen', { date });
}

/** One found item: what it is, where it was found, when it last changed, and Restore. */
export function LostItemRow({
  item,
  now,
  busy,
  onRestore,
}: {
  item: LostItem;
  now: number;
  busy: boolean;
  onRestore: () => void;
}) {
  const { t } = useTranslation();
  const when = useWhen(item, now);
  const details = [
    t(`data.recover.origin.${item.origin}`),
    item.messageCount === undefined ? undefined : t('data.recover.messages', { count: item.messageCount }),
    item.inApp === 'older' ? t('data.recover.newerThanApp') : undefined,
    when,
  ].filter((part): part is string => part !== undefined);
  return (
    <li className="flex items-center gap-3 px-4 py-2.5">
      <div className="min-w-0 flex-1">
        <p className={item.kind === 'settings' ? 'truncate font-mono text-[13px] text-fg' : 'truncate text-sm text-fg'}>
          {item.title}
        </p>
        <p className="mt-0.5 truncate text-xs text-fg-subtle">{details.join(' · ')}</p>
      </div>
      <Button
        size="sm"
        onClick={onRestore}
        disabled={busy}
        aria-label={t('data.recover.restoreItem', { title: item.title })}
      >
        {busy ? t('data.recover.restoring') : t('data.recover.restore')}
      </Button>
    </li>
  );
}
