import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { prefetchScript } from '../../lib/prefetch-script';
import { retryingImport } from '../../lib/retrying-import';
import { portabilityWorkerUrl } from './worker-url';

const loadSection = () => retryingImport(() => import('./ImportExportSection'));
const ImportExportSection = lazy(loadSection);

export function ImportExportSectionLoader() {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<p className="text-sm text-fg-subtle">{t('portability.loading')}</p>}>
      <ImportExportSection />
    </Suspense>
  );
}

// Settings prefetches its sections after the first screen, so they open offline too; this one's
// worker script as well, so export and import work offline.
ImportExportSectionLoader.preload = () =>
  Promise.all([loadSection(), prefetchScript(portabilityWorkerUrl).catch(() => undefined)]);
