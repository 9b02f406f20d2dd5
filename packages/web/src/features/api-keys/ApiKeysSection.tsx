import { useTranslation } from 'react-i18next';
import { keyProviders } from '../../state';
import { PasswordSettings } from './PasswordSettings';
import { ProviderKeyFields } from './ProviderKeyFields';
import { UnencryptedKeysWarning } from './UnencryptedKeysWarning';

/** Settings > API keys: one key and endpoint per provider, and the optional password. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-fg-muted">{t('apiKeys.intro')}</p>
        <p className="text-[13px] text-fg-subtle">{t('apiKeys.autosaveHint')}</p>
      </div>
      <UnencryptedKeysWarning />
      {keyProviders.map((provider) => (
        <ProviderKeyFields key={provider} provider={provider} />
      ))}
      <PasswordSettings />
    </div>
  );
}
