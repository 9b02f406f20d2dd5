import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// Profiles are edited rarely: the section is its own chunk.
const ProfilesSection = lazy(() => retryingImport(() => import('./ProfilesSection')));

export function ProfilesSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <ProfilesSection />
    </Suspense>
  );
}
