import type { LicenseTokenClaims } from '@parley/core/license';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { notify } from '../toasts';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { DeviceList } from './DeviceList';
import { type LicenseDevice, useLicenseStore } from '../../state';
import { licenseErrorMessage } from './license-text';
import { maskedLicenseKey } from './masked-key';
import { useDeviceList } from './use-device-list';
import { useRescueFocus } from '../../ui/use-rescue-focus';

type PendingAction = { kind: 'unlink'; device: LicenseDevice } | { kind: 'deactivate' };

/** A licensed device: plan, masked key, the key's devices with Unlink, and Deactivate. */
export function LicenseManager({
  claims,
  onShowPlans,
}: {
  claims: LicenseTokenClaims;
  onShowPlans: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const devicesHeadingId = useId();
  const unlinkDevice = useLicenseStore((store) => store.unlinkDevice);
  const deactivate = useLicenseStore((store) => store.deactivate);
  const { state: devices, reload } = useDeviceList();
  const [pending, setPending] = useState<PendingAction>();
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useRescueFocus(headingRef);

  const keyHint = devices.status === 'ready' ? devices.list.license.keyHint : claims.keyHint;
  // Only a key shared by several people says how many (LS11): "1 user" adds nothing.
  const maxUsers = devices.status === 'ready' ? (devices.list.license.maxUsers ?? 1) : 1;

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'deactivate') {
        await deactivate();
        notify.success(t('license.manager.deactivated'));
      } else {
        const { unlinkedThisDevice } = await unlinkDevice(pending.device.deviceId);
        if (unlinkedThisDevice) notify.success(t('license.manager.deactivated'));
        else {
          notify.success(t('license.manager.unlinked', { name: pending.device.deviceName }));
          void reload();
        }
      }
      setPending(undefined);
    } catch (error) {
      setPending(undefined);
      notify.error(licenseErrorMessage(t, error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h4
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="text-sm font-semibold text-fg outline-none"
        >
          {t('license.manager.title')}
        </h4>
        <Button size="sm" variant="ghost" onClick={onShowPlans}>
          {t('license.manager.upgrade')}
        </Button>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded-xl border border-line bg-sunken px-4 py-3 text-sm">
        <dt className="text-fg-muted">{t('license.manager.plan')}</dt>
        <dd className="font-medium text-fg">{t(`license.plans.${claims.plan}`)}</dd>
        <dt className="text-fg-muted">{t('license.manager.key')}</dt>
        <dd className="font-mono text-fg">{maskedLicenseKey(keyHint)}</dd>
        {maxUsers > 1 && (
          <>
            <dt className="text-fg-muted">{t('license.manager.users')}</dt>
            <dd className="text-fg">{t('license.manager.userCount', { users: maxUsers })}</dd>
          </>
        )}
      </dl>
      <section aria-labelledby={devicesHeadingId} className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <h5 id={devicesHeadingId} className="text-[13px] font-medium text-fg-muted">
            {t('license.manager.devices')}
          </h5>
          {devices.status === 'ready' && (
            <span className="text-[12px] text-fg-subtle">
              {t('license.manager.devicesInUse', {
                count: devices.list.devices.length,
                max: devices.list.license.maxDevices,
              })}
            </span>
          )}
        </div>
        {devices.status === 'loading' && (
          <p className="text-sm text-fg-subtle">{t('license.manager.loadingDevices')}</p>
        )}
        {devices.status === 'error' && (
          <div
            role="alert"
            className="flex items-center gap-3 rounded-xl border border-line px-3.5 py-3 text-sm"
          >
            <p className="min-w-0 flex-1 text-fg-muted">
              {t('license.manager.devicesUnavailable')} {licenseErrorMessage(t, devices.error)}
            </p>
            <Button size="sm" onClick={() => void reload()}>
              {t('license.manager.retry')}
            </Button>
          </div>
        )}
        {devices.status === 'ready' && (
          <DeviceList
            devices={devices.list.devices}
            onUnlink={(device) => setPending({ kind: 'unlink', device })}
          />
        )}
      </section>
      <div className="flex justify-end border-t border-line pt-4">
        <Button
          variant="secondary"
          className="text-danger"
          onClick={() => setPending({ kind: 'deactivate' })}
        >
          {t('license.manager.deactivate')}
        </Button>
      </div>
      <ConfirmDialog
        open={pending !== undefined}
        cancelLabel={t('common.cancel')}
        busy={busy}
        title={
          pending?.kind === 'unlink'
            ? t('license.manager.unlinkTitle', { name: pending.device.deviceName })
            : t('license.manager.deactivateTitle')
        }
        body={
          pending?.kind === 'unlink'
            ? pending.device.current
              ? t('license.manager.unlinkThisDeviceBody')
              : t('license.manager.unlinkBody')
            : t('license.manager.deactivateBody')
        }
        confirmLabel={
          pending?.kind === 'unlink' ? t('license.manager.unlink') : t('license.manager.deactivate')
        }
        onConfirm={() => void confirm()}
        onCancel={() => setPending(undefined)}
      />
    </section>
  );
}
