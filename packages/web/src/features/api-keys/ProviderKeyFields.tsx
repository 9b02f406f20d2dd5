import { providerEntry } from '@parley/core/models';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { hintClasses } from '../../ui/field-classes';
import { TextField } from '../../ui/TextField';
import { useSettingsDialog } from '../settings';
import { notify } from '../toasts';
import { isHttpUrl } from './endpoint-url';
import { DEFAULT_PROVIDER_ENDPOINTS, type KeyProvider, useKeyVault } from '../../state';
import { SecretInput } from './SecretInput';
import { vaultErrorMessage } from './vault-error-message';

/** One provider's key and endpoint, saved as they are typed (an invalid endpoint is not saved). */
export function ProviderKeyFields({ provider }: { provider: KeyProvider }) {
  const { t } = useTranslation();
  const { name, key } = providerEntry(provider);
  const defaultEndpoint = DEFAULT_PROVIDER_ENDPOINTS[provider];
  const storedKey = useKeyVault((state) => state.keys[provider] ?? '');
  const storedEndpoint = useKeyVault((state) => state.stored.endpoints[provider]);
  const setKey = useKeyVault((state) => state.setKey);
  const setEndpoint = useKeyVault((state) => state.setEndpoint);
  // Opened from "add the key for this model": the cursor goes into this provider's key, after the
  // dialog has put it on its selected tab.
  const targeted = useSettingsDialog((state) => state.target === provider);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (!targeted) return;
    const frame = requestAnimationFrame(() => fieldsetRef.current?.querySelector('input')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [targeted]);
  const [keyDraft, setKeyDraft] = useState(storedKey);
  const [endpointDraft, setEndpointDraft] = useState(storedEndpoint ?? defaultEndpoint);

  const endpointValid = isHttpUrl(endpointDraft);
  // A key of another provider, or text copied around it: said, not refused (formats change).
  const typedKey = keyDraft.trim();
  const hintId = useId();
  const prefixHint =
    key?.prefix && typedKey !== '' && !typedKey.startsWith(key.prefix)
      ? t('apiKeys.keyPrefixHint', { provider: name, prefix: key.prefix })
      : undefined;
  const isDefault = endpointDraft.trim() === defaultEndpoint;

  const changeKey = (value: string) => {
    setKeyDraft(value);
    setKey(provider, value).catch((error: unknown) => notify.error(vaultErrorMessage(t, error)));
  };

  const changeEndpoint = (value: string) => {
    setEndpointDraft(value);
    const trimmed = value.trim();
    if (isHttpUrl(trimmed)) setEndpoint(provider, trimmed === defaultEndpoint ? null : trimmed);
  };

  const resetEndpoint = () => {
    setEndpointDraft(defaultEndpoint);
    setEndpoint(provider, null);
  };

  const hasKey = storedKey !== '';
  return (
    <fieldset ref={fieldsetRef} className="flex flex-col gap-3 rounded-xl border border-line bg-raised p-4">
      <legend className="float-left flex w-full items-center justify-between gap-2">
        <span className="text-sm font-semibold text-fg">{name}</span>
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-[11px] font-medium',
            hasKey ? 'bg-success-soft text-success-soft-fg' : 'bg-sunken text-fg-subtle',
          )}
        >
          {hasKey ? t('apiKeys.keySet') : t('apiKeys.keyMissing')}
        </span>
      </legend>
      {/* The hint lives here, not in SecretInput, which the unlock screen puts on the first screen. */}
      <div className="clear-both flex flex-col gap-1.5">
        <SecretInput
          label={t('apiKeys.keyLabel', { provider: name })}
          showLabel={t('apiKeys.showKey', { provider: name })}
          hideLabel={t('apiKeys.hideKey', { provider: name })}
          placeholder={t('apiKeys.keyPlaceholder', { provider: name })}
          aria-describedby={prefixHint ? hintId : undefined}
          value={keyDraft}
          onChange={(event) => changeKey(event.target.value)}
        />
        {prefixHint && (
          <p id={hintId} className={hintClasses}>
            {prefixHint}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <TextField
          label={t('apiKeys.endpointLabel', { provider: name })}
          type="url"
          inputMode="url"
          spellCheck={false}
          value={endpointDraft}
          onChange={(event) => changeEndpoint(event.target.value)}
          error={endpointValid ? undefined : t('apiKeys.endpointInvalid')}
        />
        {endpointValid && (
          <div className="flex min-h-7 items-center justify-between gap-2">
            <p className="min-w-0 truncate text-[13px] text-fg-subtle">
              {isDefault
                ? t('apiKeys.endpointDefaultHint')
                : t('apiKeys.endpointCustomHint', { url: defaultEndpoint })}
            </p>
            {!isDefault && (
              <ResetEndpointButton provider={name} className="shrink-0" onClick={resetEndpoint} />
            )}
          </div>
        )}
        {!endpointValid && (
          <ResetEndpointButton provider={name} className="self-start" onClick={resetEndpoint} />
        )}
      </div>
    </fieldset>
  );
}

/** Puts the provider's default endpoint back (beside the hint, or under an invalid endpoint). */
function ResetEndpointButton({
  provider,
  className,
  onClick,
}: {
  provider: string;
  className: string;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="sm"
      variant="ghost"
      className={cn('h-7 px-2 text-accent', className)}
      aria-label={t('apiKeys.resetEndpointLabel', { provider })}
      onClick={onClick}
    >
      {t('apiKeys.resetEndpoint')}
    </Button>
  );
}
