import { lazyPart } from '../../state';

/** Settings → Profiles, a chunk of its own; Settings prefetches it after the first screen, so it opens offline too. */
export const ProfilesSectionLoader = lazyPart(() => import('./ProfilesSection'), {
  loadingText: 'settings.loading',
});
