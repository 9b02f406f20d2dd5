import { lazyPart } from '../../state';

/** Settings → Memory, a chunk of its own; Settings prefetches it after the first screen, so it opens offline too. */
export const MemorySectionLoader = lazyPart(() => import('./MemorySection'), {
  loadingText: 'settings.loading',
});
