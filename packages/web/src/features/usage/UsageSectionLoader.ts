import { lazyPart } from '../../state';

/** Settings → Usage, a chunk of its own; Settings prefetches it after the first screen, so it opens offline too. */
export const UsageSectionLoader = lazyPart(() => import('./UsageSection'), { loadingText: 'usage.loading' });
