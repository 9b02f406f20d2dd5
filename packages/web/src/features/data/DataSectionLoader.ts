import { lazyPart } from '../../state';

/** The Data screens, a chunk of its own: most sessions never open them; Settings prefetches it after the first screen, so it opens offline too. */
export const DataSectionLoader = lazyPart(() => import('./DataSection'), { loadingText: 'data.loading' });
