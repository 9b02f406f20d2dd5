import { useTranslation } from 'react-i18next';
import { keyProviders, useProviderOffered } from '../../state';
import { PasswordSettings } from './PasswordSettings';
import { ProviderKeyFields } from './ProviderKeyFields';
import { UnencryptedKeysWarning } from './UnencryptedKeysWarning';

/** Settings > API keys: one key and endpoint per provider, and the optional password. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  // Only the providers the host offers (parley.config.json); a key stored for another is kept.
  const offered = useProviderOffered();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-fg-muted">{t('apiKeys.intro')}</p>
        <p className="text-[13px] text-fg-subtle">{t('apiKeys.autosaveHint')}</p>
      </div>
      <UnencryptedKeysWarning />
      {keyProviders.filter(offered).map((provider) => (
        <ProviderKeyFields key={provider} provider={provider} />
      ))}
      <PasswordSettings />
    </div>
  );
}
