import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// The Memory screen is its own chunk: it loads when opened.
const MemorySection = lazy(() => retryingImport(() => import('./MemorySection')));

export function MemorySectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <MemorySection />
    </Suspense>
  );
}
