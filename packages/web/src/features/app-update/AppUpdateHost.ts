import { lazyPart } from '../../state';

/**
 * Registers the service worker once the first screen is up (decision 0090), so the app opens with
 * no network next time, and shows the update banner when a new build is waiting: the registration
 * and the banner are a chunk of their own.
 */
export const AppUpdateHost = lazyPart(() => import('./UpdateBanner'), {
  strings: 'hosting',
  background: true,
});
