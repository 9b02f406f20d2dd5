import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/Select';
import { availableLanguages, languageName, matchLanguage } from '../../i18n';
import { useSyncedSetting } from '../../state';
import { useFeatureFlags } from '../license';
import { browserLanguages } from './language-choice';

const SAME_AS_BROWSER = '';

/**
 * Settings → General: the interface's language, each by its own name, or the browser's (a synced
 * setting, decision 0085). Hidden when the deployment turns off changeUILanguage.
 */
export function LanguageSetting() {
  const { t } = useTranslation();
  const language = useSyncedSetting('language');
  const allowChoice = useFeatureFlags((state) => state.flags.changeUILanguage);
  if (!allowChoice) return null;
  const languages = availableLanguages();
  const browser = matchLanguage(browserLanguages(navigator), languages);
  const value = language.value && languages.includes(language.value) ? language.value : SAME_AS_BROWSER;
  return (
    <Select
      label={t('settings.general.language')}
      value={value}
      onValueChange={(next) =>
        language
          .save(next === SAME_AS_BROWSER ? null : next)
          .catch((error: unknown) => console.error('saving a setting failed', error))
      }
      options={[
        {
          value: SAME_AS_BROWSER,
          label: t('settings.general.languageBrowser', { name: languageName(browser) }),
        },
        ...languages.map((code) => ({ value: code, label: languageName(code), lang: code })),
      ]}
    />
  );
}
