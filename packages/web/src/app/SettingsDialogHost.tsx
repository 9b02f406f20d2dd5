import { lazy, Suspense, useState } from 'react';
import { useSettingsDialog } from '../features/settings/settings-dialog-store';

// Settings and every section in it are their own chunk: the first screen never needs them.
const AppSettingsDialog = lazy(() => import('./AppSettingsDialog'));

/** Renders Settings once it has first been opened (and keeps it mounted, so closing animates). */
export function SettingsDialogHost() {
  const isOpen = useSettingsDialog((state) => state.isOpen);
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AppSettingsDialog />
    </Suspense>
  );
}
