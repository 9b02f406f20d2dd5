import { lazy, Suspense } from 'react';
import { retryingImport } from '../../state';
import { useSidebarDialog } from './sidebar-dialog-store';

// The dialogs (move, tags, names) load when one is first opened, never with the first screen.
const SidebarDialogContent = lazy(() => retryingImport(() => import('./SidebarDialogContent')));

export function SidebarDialogs() {
  const open = useSidebarDialog((state) => state.dialog !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SidebarDialogContent />
    </Suspense>
  );
}
