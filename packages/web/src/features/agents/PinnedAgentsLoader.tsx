import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen, retryingImport } from '../../state';

// The pinned agents come a moment after the empty chat: they are not worth first-load bytes.
const PinnedAgents = lazy(() => retryingImport(() => import('./PinnedAgents')));

/** The pinned agents on the empty chat, loaded once the first screen is up (decision 0013). */
export function PinnedAgentsLoader() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PinnedAgents />
    </Suspense>
  );
}
