import type { ListedProvider } from '@parley/core/model-lists';
import { useTranslation } from 'react-i18next';
import { useModelLists } from '../../state';

/**
 * Per provider, why its live list is missing or stale (ML6), or that it was cut (ML5). The picker
 * still lists the cached list or the catalogue under it.
 */
export function ModelListNotices({ providers }: { providers: readonly ListedProvider[] }) {
  const { t } = useTranslation();
  const lists = useModelLists((state) => state.lists);
  const notices = providers.flatMap((provider) => {
    const list = lists[provider];
    if (!list) return [];
    const name = t(`modelPicker.groups.${provider}`);
    const out: { key: string; text: string; error: boolean }[] = [];
    if (list.error) {
      const reason = t(`modelPicker.errors.${list.error.code}`, {
        provider: name,
        status: list.error.status ?? '',
      });
      const fallback = list.entries.length > 0 ? t('modelPicker.usingSaved') : t('modelPicker.usingBuiltIn');
      out.push({ key: `${provider}-error`, text: `${reason} ${fallback}`, error: true });
    } else if (list.truncated) {
      out.push({
        key: `${provider}-cut`,
        text: t('modelPicker.truncated', { provider: name, count: list.entries.length }),
        error: false,
      });
    }
    return out;
  });
  if (notices.length === 0) return null;
  return (
    <ul aria-label={t('modelPicker.noticesLabel')} className="flex shrink-0 flex-col gap-1 px-1.5 pb-1.5">
      {notices.map((notice) => (
        <li
          key={notice.key}
          role={notice.error ? 'alert' : undefined}
          className={
            notice.error
              ? 'rounded-lg bg-danger-soft px-2.5 py-1.5 text-xs text-danger-soft-fg'
              : 'rounded-lg bg-sunken px-2.5 py-1.5 text-xs text-fg-muted'
          }
        >
          {notice.text}
        </li>
      ))}
    </ul>
  );
}
