import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The Usage screen is its own chunk: most sessions never open it.
const UsageSection = lazy(() => import('./UsageSection'));

export function UsageSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('usage.loading')}</p>}>
      <UsageSection />
    </Suspense>
  );
}
