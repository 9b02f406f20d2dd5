import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const ImportExportSection = lazy(() => import('./ImportExportSection'));

export function ImportExportSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('portability.loading')}</p>}>
      <ImportExportSection />
    </Suspense>
  );
}
