import { prefetchScript } from '../../lib/prefetch-script';
import { lazyPart } from '../../state';
import { portabilityWorkerUrl } from './worker-url';

/** Settings → Import & export, a chunk of its own; Settings prefetches it after the first screen, so it opens offline too. */
export const ImportExportSectionLoader = lazyPart(() => import('./ImportExportSection'), {
  loadingText: 'portability.loading',
  // Its worker script as well, so export and import work offline.
  alsoPreload: () => prefetchScript(portabilityWorkerUrl),
});
