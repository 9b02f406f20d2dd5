import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen, retryingImport } from '../state';

// The canvas's host (its open state, the panel's loader) is a chunk of its own, after the first screen.
const CanvasSlot = lazy(() => retryingImport(() => import('./CanvasSlot')));

/** Mounts the canvas once the first screen is up (decision 0093): nothing of it is in the first load. */
export function CanvasSlotLoader() {
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstScreen(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <CanvasSlot />
    </Suspense>
  );
}
