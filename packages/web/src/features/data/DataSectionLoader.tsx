import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// The Data screens are their own chunk: most sessions never open them.
const loadSection = () => retryingImport(() => import('./DataSection'));
const DataSection = lazy(loadSection);

export function DataSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('data.loading')}</p>}>
      <DataSection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too.
DataSectionLoader.preload = loadSection;
