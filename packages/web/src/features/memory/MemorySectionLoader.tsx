import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { retryingImport } from '../../lib/retrying-import';

// The Memory screen is its own chunk: it loads when opened.
const loadSection = () => retryingImport(() => import('./MemorySection'));
const MemorySection = lazy(loadSection);

export function MemorySectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('settings.loading')}</p>}>
      <MemorySection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too.
MemorySectionLoader.preload = loadSection;
