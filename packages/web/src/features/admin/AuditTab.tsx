import type { AuditEntry } from '@parley/core/sync-client';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n';
import { Button } from '../../ui/Button';
import { useOrgClient, useOrgData, useOrgErrorText } from './use-org-call';

/** The audit log (AD1-AD3): newest first, a page at a time. */
export function AuditTab() {
  const { t } = useTranslation();
  const format = useFormat();
  const org = useOrgClient();
  const errorText = useOrgErrorText();
  const { data, error, loading } = useOrgData(() => org.audit());
  const [more, setMore] = useState<{ entries: AuditEntry[]; cursor: string | null } | null>(null);
  const [moreError, setMoreError] = useState<string | null>(null);
  if (!data) return <p className="text-sm text-fg-subtle">{error ?? (loading ? t('admin.loading') : '')}</p>;
  const entries = [...data.entries, ...(more?.entries ?? [])];
  const cursor = more ? more.cursor : data.nextCursor;
  const loadMore = async () => {
    try {
      const page = await org.audit({ before: cursor });
      setMore({ entries: [...(more?.entries ?? []), ...page.entries], cursor: page.nextCursor });
    } catch (failure) {
      setMoreError(errorText(failure));
    }
  };
  if (entries.length === 0) return <p className="text-sm text-fg-subtle">{t('admin.audit.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-raised">
        {entries.map((entry) => (
          <li
            key={entry.id}
            className="flex flex-col gap-0.5 px-3 py-2 md:flex-row md:items-baseline md:gap-3"
          >
            <span className="shrink-0 text-[12px] text-fg-muted md:w-40">{format.dateTime(entry.at)}</span>
            <span className="min-w-0 flex-1 text-[13px] text-fg">
              <span className="font-mono text-[12px]">{entry.action}</span>
              {entry.target && <span className="break-all"> · {entry.target}</span>}
              {entry.details && (
                <span className="block break-all text-[12px] text-fg-subtle">
                  {JSON.stringify(entry.details)}
                </span>
              )}
            </span>
            <span className="shrink-0 truncate text-[12px] text-fg-subtle md:max-w-56">
              {entry.actorEmail ??
                (entry.actorId ? t('admin.audit.removedAccount') : t('admin.audit.system'))}
            </span>
          </li>
        ))}
      </ul>
      {moreError && <p className="text-sm text-danger">{moreError}</p>}
      {cursor && (
        <Button variant="secondary" onClick={() => void loadMore()} className="self-start">
          {t('admin.audit.more')}
        </Button>
      )}
    </div>
  );
}
