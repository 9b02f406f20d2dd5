import { looksLikeOpenAIKey } from '@parley/core/license';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { notify } from '../toasts/notify';
import { deviceNameFromUserAgent, deviceNameSetting } from './device-identity';
import { LicenseClientError } from './license-errors';
import { licenseErrorMessage } from './license-text';
import { useLicenseStore } from './license-store';
import { useRescueFocus } from './use-rescue-focus';

function initialDeviceName(): string {
  return deviceNameSetting().read() ?? deviceNameFromUserAgent(navigator.userAgent);
}

/** Entering a license key: refused locally if it is an OpenAI key, else sent to the license server. */
export function ActivationForm({ onShowPlans }: { onShowPlans: () => void }) {
  const { t } = useTranslation();
  const activate = useLicenseStore((store) => store.activate);
  const headingId = useId();
  const [key, setKey] = useState('');
  const [deviceName, setDeviceName] = useState(initialDeviceName);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const keyFieldRef = useRef<HTMLInputElement>(null);
  useRescueFocus(keyFieldRef);

  // Spec section 5: say so as soon as an OpenAI key is pasted, not only on submit.
  const openAIKey = looksLikeOpenAIKey(key);
  const shownError = openAIKey
    ? t('license.errors.looksLikeOpenAIKey')
    : failure === undefined
      ? undefined
      : licenseErrorMessage(t, failure);
  const deviceLimit = !openAIKey && failure instanceof LicenseClientError && failure.code === 'device_limit';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(undefined);
    setBusy(true);
    const name = deviceName.trim() || deviceNameFromUserAgent(navigator.userAgent);
    try {
      const snapshot = await activate(key, name);
      deviceNameSetting().write(name);
      if (snapshot.state.kind === 'licensed')
        notify.success(
          t('license.activation.activated', { plan: t(`license.plans.${snapshot.state.plan}`) }),
        );
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h4 id={headingId} className="text-sm font-semibold text-fg">
          {t('license.activation.title')}
        </h4>
        <p className="mt-1 text-[13px] text-fg-muted">{t('license.activation.intro')}</p>
      </div>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
        <TextField
          ref={keyFieldRef}
          label={t('license.activation.keyLabel')}
          placeholder={t('license.activation.keyPlaceholder')}
          value={key}
          onChange={(event) => {
            setKey(event.target.value);
            setFailure(undefined);
          }}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="characters"
          error={shownError ? <span role="alert">{shownError}</span> : undefined}
        />
        {deviceLimit && (
          <p className="-mt-2 rounded-lg bg-danger-soft px-3 py-2 text-[13px] text-danger-soft-fg">
            {t('license.errors.unlinkAndReenter')}
          </p>
        )}
        <TextField
          label={t('license.activation.deviceNameLabel')}
          hint={t('license.activation.deviceNameHint')}
          value={deviceName}
          maxLength={200}
          onChange={(event) => setDeviceName(event.target.value)}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? t('license.activation.activating') : t('license.activation.activate')}
          </Button>
          <span className="text-[13px] text-fg-subtle">
            {t('license.activation.noKeyYet')}{' '}
            <button type="button" className="font-medium text-accent hover:underline" onClick={onShowPlans}>
              {t('license.activation.seePlans')}
            </button>
          </span>
        </div>
      </form>
    </section>
  );
}
