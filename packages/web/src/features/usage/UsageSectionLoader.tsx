import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// The Usage screen is its own chunk: most sessions never open it.
const loadSection = () => retryingImport(() => import('./UsageSection'));
const UsageSection = lazy(loadSection);

export function UsageSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('usage.loading')}</p>}>
      <UsageSection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too.
UsageSectionLoader.preload = loadSection;
