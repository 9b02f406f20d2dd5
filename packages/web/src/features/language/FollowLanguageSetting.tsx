import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../../i18n';
import { useSyncedSettings } from '../../state';
import { useFeatureFlags } from '../license';
import { notify } from '../toasts';
import { browserLanguages, chosenLanguage, shownLanguagePref } from './language-choice';

/**
 * Keeps the interface in the chosen language: once the synced settings are read, and whenever the
 * setting changes (here, in another tab or by sync), the language's strings are fetched and the
 * words change in place, without a reload. A language that could not be fetched offline is tried
 * again when the network is back. Renders nothing.
 */
export function FollowLanguageSetting() {
  const { i18n } = useTranslation();
  const setting = useSyncedSettings((state) => state.values.language);
  const loaded = useSyncedSettings((state) => state.loaded);
  const allowChoice = useFeatureFlags((state) => state.flags.changeUILanguage);
  const [online, setOnline] = useState(0);
  useEffect(() => {
    const retry = () => setOnline((count) => count + 1);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    const language = chosenLanguage({ setting, allowChoice, browser: browserLanguages(navigator) });
    loadLanguage(i18n, language).then(
      () => shownLanguagePref().write(language),
      (error: unknown) => {
        console.warn('Parley could not load a language:', error);
        if (navigator.onLine) notify.error(i18n.t('errors.partFailed'), { id: 'language-failed' });
      },
    );
  }, [i18n, setting, loaded, allowChoice, online]);
  return null;
}
