import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen, retryingImport, withStrings } from '../../state';

// The service worker's registration and the banner: a chunk of their own, after the first screen.
const UpdateBanner = lazy(() => withStrings('hosting', () => retryingImport(() => import('./UpdateBanner'))));

/**
 * Registers the service worker once the first screen is up (decision 0090), so the app opens with
 * no network next time, and shows the update banner when a new build is waiting.
 */
export function AppUpdateHost() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <UpdateBanner />
    </Suspense>
  );
}
