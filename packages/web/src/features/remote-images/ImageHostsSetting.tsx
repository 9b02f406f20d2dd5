import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../ui/icons/settings';
import { IconButton } from '../../ui/IconButton';
import { imageHostList, type ImageHostList } from './image-hosts';

/** Settings > General: the hosts whose images in answers load without a click, each removable. */
export function ImageHostsSetting({ hosts = imageHostList }: { hosts?: ImageHostList }) {
  const { t } = useTranslation();
  const headingId = useId();
  const list = useSyncExternalStore(hosts.subscribe, hosts.hosts);
  const sectionRef = useRef<HTMLElement>(null);
  /** The row whose button had focus when it was removed: focus stays in the list, not on the page. */
  const removedAt = useRef<number | undefined>(undefined);

  useEffect(() => {
    const index = removedAt.current;
    if (index === undefined) return;
    removedAt.current = undefined;
    const buttons = sectionRef.current?.querySelectorAll<HTMLElement>('li button');
    const target =
      buttons?.[Math.min(index, buttons.length - 1)] ?? sectionRef.current?.querySelector('p[tabindex]');
    (target as HTMLElement | null | undefined)?.focus();
  }, [list]);

  return (
    <section ref={sectionRef} aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold text-fg">
        {t('settings.general.imageHosts.title')}
      </h3>
      <p className="text-[13px] text-fg-muted">{t('settings.general.imageHosts.hint')}</p>
      {list.length === 0 ? (
        <p tabIndex={-1} className="text-[13px] text-fg-subtle outline-none">
          {t('settings.general.imageHosts.none')}
        </p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-line rounded-lg border border-line">
          {list.map((host, index) => (
            <li key={host} className="flex items-center justify-between gap-2 py-1 pr-1 pl-3">
              <span className="min-w-0 truncate font-mono text-[13px] text-fg">{host}</span>
              <IconButton
                label={t('settings.general.imageHosts.remove', { host })}
                icon={<TrashIcon size={16} />}
                tooltipSide="top"
                onClick={() => {
                  removedAt.current = index;
                  hosts.remove(host);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
