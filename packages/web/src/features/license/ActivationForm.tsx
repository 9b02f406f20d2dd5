import { looksLikeOpenAIKey } from '@parley/core/license';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { notify } from '../toasts';
import { deviceNameFromUserAgent, deviceNameSetting } from './device-identity';
import { LicenseClientError, useLicenseStore } from '../../state';
import { licenseErrorMessage } from './license-text';
import {
  initialLicenseUserName,
  isLicenseUserNameTooLong,
  licenseUserNameToSend,
  MAX_LICENSE_USER_NAME_LENGTH,
  rememberLicenseUserName,
} from './license-user-name';
import { useRescueFocus } from '../../ui/use-rescue-focus';

function initialDeviceName(): string {
  return deviceNameSetting().read() ?? deviceNameFromUserAgent(navigator.userAgent);
}

/** The server's refusals that ask to unlink a device first (LS4, LS11), with the text saying so. */
const unlinkAdvice = {
  device_limit: 'license.errors.unlinkAndReenter',
  user_limit: 'license.errors.unlinkUserAndReenter',
} as const;

/**
 * Entering a license key: refused locally if it is an OpenAI key, else sent to the license server
 * with this device's name and, if given, who uses it (team keys count users, LS11).
 */
export function ActivationForm({ onShowPlans }: { onShowPlans: () => void }) {
  const { t } = useTranslation();
  const activate = useLicenseStore((store) => store.activate);
  const headingId = useId();
  const [key, setKey] = useState('');
  const [deviceName, setDeviceName] = useState(initialDeviceName);
  const [userName, setUserName] = useState(() => initialLicenseUserName());
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const keyFieldRef = useRef<HTMLInputElement>(null);
  const userNameFieldRef = useRef<HTMLInputElement>(null);
  useRescueFocus(keyFieldRef);

  // Spec section 5: say so as soon as an OpenAI key is pasted, not only on submit.
  const openAIKey = looksLikeOpenAIKey(key);
  const shownError = openAIKey
    ? t('license.errors.looksLikeOpenAIKey')
    : failure === undefined
      ? undefined
      : licenseErrorMessage(t, failure);
  const advice =
    !openAIKey &&
    failure instanceof LicenseClientError &&
    (failure.code === 'device_limit' || failure.code === 'user_limit')
      ? unlinkAdvice[failure.code]
      : undefined;
  // Said as soon as it is typed: the server refuses a longer name (LS11).
  const userNameTooLong = isLicenseUserNameTooLong(userName);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (userNameTooLong) {
      userNameFieldRef.current?.focus();
      return;
    }
    setFailure(undefined);
    setBusy(true);
    const name = deviceName.trim() || deviceNameFromUserAgent(navigator.userAgent);
    const user = licenseUserNameToSend(userName);
    try {
      const snapshot = await activate(key, name, user);
      deviceNameSetting().write(name);
      rememberLicenseUserName(user);
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
        {advice && (
          <p className="-mt-2 rounded-lg bg-danger-soft px-3 py-2 text-[13px] text-danger-soft-fg">
            {t(advice)}
          </p>
        )}
        <TextField
          label={t('license.activation.deviceNameLabel')}
          hint={t('license.activation.deviceNameHint')}
          value={deviceName}
          maxLength={200}
          onChange={(event) => setDeviceName(event.target.value)}
        />
        <TextField
          ref={userNameFieldRef}
          label={t('license.activation.userNameLabel')}
          hint={t('license.activation.userNameHint')}
          value={userName}
          autoComplete="email"
          spellCheck={false}
          onChange={(event) => {
            setUserName(event.target.value);
            setFailure(undefined);
          }}
          error={
            userNameTooLong ? (
              <span role="alert">
                {t('license.activation.userNameTooLong', { max: MAX_LICENSE_USER_NAME_LENGTH })}
              </span>
            ) : undefined
          }
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
