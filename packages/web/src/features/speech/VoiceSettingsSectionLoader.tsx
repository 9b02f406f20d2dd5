import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// Voice settings are a chunk of their own: few sessions open them.
const loadSection = () => retryingImport(() => import('./VoiceSettingsSection'));
const VoiceSettingsSection = lazy(loadSection);

export function VoiceSettingsSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <VoiceSettingsSection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too.
VoiceSettingsSectionLoader.preload = loadSection;
