import { lazy, Suspense, useEffect } from 'react';
import { afterFirstScreen, retryingImport, withStrings } from '../../state';
import { useSidebarDialog } from './sidebar-dialog-store';

// The dialogs (move, tags, names) are not part of the first screen; they are fetched once it has
// painted, so they open at once later, also offline.
const loadDialogs = () =>
  withStrings('sidebarDialogs', () => retryingImport(() => import('./SidebarDialogContent')));
const SidebarDialogContent = lazy(loadDialogs);

export function SidebarDialogs() {
  useEffect(() => afterFirstScreen(() => void loadDialogs().catch(() => undefined)), []);
  const open = useSidebarDialog((state) => state.dialog !== null);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SidebarDialogContent />
    </Suspense>
  );
}
