import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// The Data screens are their own chunk: most sessions never open them.
const DataSection = lazy(() => import('./DataSection'));

export function DataSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('data.loading')}</p>}>
      <DataSection />
    </Suspense>
  );
}
