import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { LicenseDevice } from '../../state';
import { DeviceIcon } from '../../ui/icons/settings';

export type DeviceListProps = {
  devices: readonly LicenseDevice[];
  onUnlink: (device: LicenseDevice) => void;
};

/** The devices linked to the key: name, who uses it (LS11), when activated, last seen, "This device". */
export function DeviceList({ devices, onUnlink }: DeviceListProps) {
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line">
      {devices.map((device) => (
        <li
          key={device.deviceId}
          aria-label={device.deviceName}
          className="flex items-center gap-3 bg-raised px-3.5 py-3"
        >
          <span aria-hidden="true" className="text-fg-subtle">
            <DeviceIcon size={18} />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-fg">
              <span className="truncate">{device.deviceName}</span>
              {device.current && (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 text-[11px] font-medium text-accent-soft-fg">
                  {t('license.manager.thisDevice')}
                </span>
              )}
            </p>
            {device.userName && <p className="truncate text-[13px] text-fg-muted">{device.userName}</p>}
            <p className="mt-0.5 text-[12px] text-fg-subtle">
              {t('license.manager.activatedAt', { date: format.format(device.activatedAt) })}
              {' · '}
              {t('license.manager.lastSeenAt', { date: format.format(device.lastSeenAt) })}
            </p>
          </div>
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('license.manager.unlinkDevice', { name: device.deviceName })}
            onClick={() => onUnlink(device)}
          >
            {t('license.manager.unlink')}
          </Button>
        </li>
      ))}
    </ul>
  );
}
