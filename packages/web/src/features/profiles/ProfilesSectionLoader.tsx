import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// Profiles are edited rarely: the section is its own chunk.
const loadSection = () => retryingImport(() => import('./ProfilesSection'));
const ProfilesSection = lazy(loadSection);

export function ProfilesSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <ProfilesSection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too.
ProfilesSectionLoader.preload = loadSection;
